// An append-only file of lines that a crash cannot half-lose: created 0600 in a 0700 directory (a file
// that exists with another mode is forced to 0600), each line written whole, `durable` lines fdatasynced
// before append returns. The one writer of the order journal and the algo journal.

import { chmodSync, closeSync, fdatasyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class AppendFile {
  private fd: number;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.fd = openSync(path, 'a', 0o600);
    chmodSync(path, 0o600);
  }

  /** Appends `line` (a newline is added); `durable` waits until it is on disk. */
  appendLine(line: string, durable = false): void {
    if (this.fd < 0) throw new Error(`${this.path} is closed`);
    writeSync(this.fd, `${line}\n`);
    if (durable) fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
