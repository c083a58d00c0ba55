// What a subcommand needs from the outside world, as one object: tests pass their own to capture
// output and fake the terminal; `processIo()` is the real thing.

import { createInterface } from 'node:readline';
import { type PromptInput, type PromptOutput, readHiddenLine } from '../../lib/hidden-line.js';
import { failureLines, InputError } from '../../protocol/errors.js';

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

/**
 * Reads one line with echo off (lib/hidden-line.ts: the same keystrokes as the terminal's unlock, so a
 * passphrase typed here opens the key there). Ctrl-C cancels.
 */
export async function askHidden(question: string, stdin: PromptInput = process.stdin, out: PromptOutput = process.stderr): Promise<string> {
  const answer = await readHiddenLine(stdin, out, question);
  if (answer.kind === 'cancel') throw new InputError('cancelled');
  return answer.value;
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

/** Prints a failure the way `perpl` does (message, hint; sanitized) and returns exit code 1. Never prints a stack. */
export function reportFailure(io: CliIo, command: string, e: unknown): number {
  for (const line of failureLines(`perpl ${command}`, e, Boolean(io.env.PERPL_DEBUG))) io.err(line);
  return 1;
}

/** A passphrase prompt for encrypted key files, or undefined when nobody can answer. */
export function passphrasePrompt(io: CliIo, label: string): (() => Promise<string>) | undefined {
  if (!io.interactive) return undefined;
  return () => io.ask(`Passphrase for ${label}: `, true);
}
