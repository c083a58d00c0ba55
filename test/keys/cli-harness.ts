// Runs `perpl keys` / `perpl doctor` in-process with captured output, and remembers every line so a
// test can check that no secret was ever printed.

import type { CliIo } from '../../src/cli/keys/io.js';

export interface Captured {
  code: number;
  out: string;
  err: string;
}

export class CliHarness {
  /** Every line printed by any run, for the no-secrets check. */
  readonly transcript: string[] = [];

  constructor(
    readonly env: NodeJS.ProcessEnv,
    private readonly clock: () => number = Date.now,
  ) {}

  io(overrides: Partial<CliIo> = {}): CliIo & { outLines: string[]; errLines: string[] } {
    const outLines: string[] = [];
    const errLines: string[] = [];
    return {
      out: (l) => {
        outLines.push(l);
        this.transcript.push(l);
      },
      err: (l) => {
        errLines.push(l);
        this.transcript.push(l);
      },
      env: this.env,
      interactive: false,
      now: this.clock,
      ask: () => Promise.reject(new Error('no terminal in tests')),
      ...overrides,
      outLines,
      errLines,
    };
  }

  async run(fn: (argv: string[], io: CliIo) => Promise<number>, argv: string[], overrides: Partial<CliIo> = {}): Promise<Captured> {
    const io = this.io(overrides);
    const code = await fn(argv, io);
    return { code, out: io.outLines.join('\n'), err: io.errLines.join('\n') };
  }
}
