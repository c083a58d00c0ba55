// What a subcommand needs from the outside world, as one object: tests pass their own to capture
// output and fake the terminal; `processIo()` is the real thing.

import { createInterface } from 'node:readline';
import { InputError, isPerplError, userMessage } from '../../protocol/errors.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** True when a person can answer prompts (stdin and stderr are terminals). */
  interactive: boolean;
  now(): number;
  /** Asks for a line; `hidden` turns echo off (passphrases). Only called when `interactive`. */
  ask(question: string, hidden: boolean): Promise<string>;
}

/** Reads one line from a TTY with echo off; Ctrl-C cancels. */
export function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    const wasRaw = stdin.isRaw;
    let value = '';
    const finish = (): void => {
      stdin.off('data', onData);
      stdin.setRawMode(wasRaw);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new InputError('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

function askVisible(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
}

export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
    now: () => Date.now(),
    ask: (q, hidden) => (hidden ? askHidden(q) : askVisible(q)),
  };
}

/** Prints a failure the way `perpl` does (message, hint) and returns exit code 1. Never prints a stack. */
export function reportFailure(io: CliIo, command: string, e: unknown): number {
  io.err(`perpl ${command}: ${userMessage(e)}`);
  if (isPerplError(e) && e.hint) io.err(`hint: ${e.hint}`);
  if (io.env.PERPL_DEBUG && isPerplError(e) && e.details) io.err(`details: ${e.details}`);
  return 1;
}

/** A passphrase prompt for encrypted key files, or undefined when nobody can answer. */
export function passphrasePrompt(io: CliIo, label: string): (() => Promise<string>) | undefined {
  if (!io.interactive) return undefined;
  return () => io.ask(`Passphrase for ${label}: `, true);
}
