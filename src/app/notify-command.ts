// `notify.command`: a program run for each notification, with no shell (an argument list, as the config
// wrote it), the event as JSON on stdin, stdout ignored. One at a time: a notification that comes while
// the last still runs is dropped (the gate already rate-limits them); killed after a timeout. A failure is
// logged, never fatal. It gets no secret: the environment without the terminal's own variables (PERPL_*,
// where a key, its secret or its passphrase may be) nor any that looks like a credential.

import { spawn as nodeSpawn } from 'node:child_process';
import type { NotifyEvent } from '../domain/notify/notify-event.js';
import { sanitizeText } from '../protocol/sanitize-text.js';

export const NOTIFY_COMMAND_TIMEOUT_MS = 5_000;
/** Most of a failing command's stderr kept in the log. */
const STDERR_CHARS = 300;

const SECRET_NAME = /^PERPL_|SECRET|PASSPHRASE|PASSWORD|PRIVATE|TOKEN|API_?KEY|CREDENTIAL/i;

/** The environment the command runs with: everything but what could hold a secret. */
export function commandEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && !SECRET_NAME.test(name)) out[name] = value;
  return out;
}

/** The part of child_process.spawn it uses (tests hand in a fake). */
export type SpawnCommand = (
  file: string,
  args: readonly string[],
  options: { shell: false; stdio: ['pipe', 'ignore', 'pipe']; env: Record<string, string>; timeout: number },
) => {
  stdin: { end(text: string): void; on(event: 'error', f: (e: Error) => void): unknown } | null;
  stderr: { on(event: 'data', f: (chunk: Buffer | string) => void): unknown } | null;
  on(event: 'error', f: (e: Error) => void): unknown;
  on(event: 'close', f: (code: number | null, signal: string | null) => void): unknown;
};

export interface NotifyCommandOptions {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
  spawn?: SpawnCommand;
  timeoutMs?: number;
}

export class NotifyCommand {
  private running = false;
  private readonly spawn: SpawnCommand;

  constructor(private readonly o: NotifyCommandOptions) {
    this.spawn = o.spawn ?? (nodeSpawn as unknown as SpawnCommand);
  }

  /** Runs the command for `event`; false when it was dropped (the last one still runs). */
  run(event: NotifyEvent): boolean {
    if (this.running) {
      this.o.log?.('notify command: still running, a notification was not passed to it');
      return false;
    }
    const [file, ...args] = this.o.argv;
    if (!file) return false;
    const name = sanitizeText(file, 120);
    let stderr = '';
    let failed = false;
    const fail = (why: string) => {
      if (failed) return;
      failed = true;
      this.o.log?.(`notify command ${name}: ${why}${stderr ? `: ${sanitizeText(stderr.trim(), STDERR_CHARS)}` : ''}`);
    };
    try {
      this.running = true;
      const child = this.spawn(file, args, { shell: false, stdio: ['pipe', 'ignore', 'pipe'], env: commandEnv(this.o.env), timeout: this.o.timeoutMs ?? NOTIFY_COMMAND_TIMEOUT_MS });
      child.stderr?.on('data', (chunk) => {
        if (stderr.length < STDERR_CHARS) stderr += String(chunk);
      });
      child.on('error', (e) => {
        this.running = false;
        fail(sanitizeText(e.message));
      });
      child.on('close', (code, signal) => {
        this.running = false;
        if (signal) fail(`ended by ${signal}${signal === 'SIGTERM' ? ' (timed out?)' : ''}`);
        else if (code !== 0) fail(`exit ${code}`);
      });
      // A command that does not read its stdin closes it: that is no failure.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(`${JSON.stringify({ kind: event.kind, title: event.title, body: event.body, atMs: event.atMs })}\n`);
      return true;
    } catch (e) {
      this.running = false;
      fail(sanitizeText(e instanceof Error ? e.message : String(e)));
      return false;
    }
  }
}
