import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DecodeError, TransientError } from '../protocol/errors.js';
import { NetworkError } from '../transport/rest/errors.js';
import { AppLog, appLogPath, describeError } from './app-log.js';

const homes: string[] = [];
function home(): string {
  const h = mkdtempSync(join(tmpdir(), 'perpl-applog-'));
  homes.push(h);
  return h;
}
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

describe('app log', () => {
  it('log-file-is-private: logs/perpl.log is 0600 in a 0700 folder; a file left wider is narrowed', () => {
    const fresh = home();
    AppLog.open({ home: fresh })!.close();
    expect(statSync(join(fresh, 'logs')).mode & 0o777).toBe(0o700);
    expect(statSync(appLogPath(fresh)).mode & 0o777).toBe(0o600);
    const h = home();
    mkdirSync(join(h, 'logs'), { mode: 0o755 });
    writeFileSync(appLogPath(h), 'old line\n');
    chmodSync(appLogPath(h), 0o644);
    const log = AppLog.open({ home: h })!;
    log.line('hello');
    log.close();
    expect(statSync(appLogPath(h)).mode & 0o777).toBe(0o600);
    expect(readFileSync(appLogPath(h), 'utf8')).toMatch(/^old line\n\d{4}-\d\d-\d\dT[\d:.]+Z hello\n$/);
  });

  it('log-never-holds-the-key: a known token or seed in a line is blanked', () => {
    const h = home();
    const log = AppLog.open({ home: h })!;
    const token = 'tok_0123456789abcdef';
    const seedHex = 'ab'.repeat(32);
    log.addSecrets([token, seedHex, 'short']);
    log.line(`a careless line with ${token} and ${seedHex}; a short word stays`);
    log.close();
    const text = readFileSync(appLogPath(h), 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain(seedHex);
    expect(text).toContain('[redacted] and [redacted]; a short word stays');
  });

  it('log-is-size-capped: past maxBytes the file rolls to perpl.log.1 and starts again', () => {
    const h = home();
    let now = 0;
    const log = AppLog.open({ home: h, maxBytes: 2_000, now: () => (now += 1_000) })!;
    for (let i = 0; i < 40; i++) {
      log.line(`line ${i} ${'x'.repeat(80)}`);
      log.flush();
    }
    log.close();
    expect(existsSync(`${appLogPath(h)}.1`)).toBe(true);
    expect(statSync(appLogPath(h)).size).toBeLessThanOrEqual(2_000);
    expect(statSync(`${appLogPath(h)}.1`).size).toBeLessThanOrEqual(2_000);
    expect(readFileSync(appLogPath(h), 'utf8')).toContain('line 39 ');
  });

  it('log-burst-is-counted-not-written: beyond the per-second budget lines are summed up', () => {
    const h = home();
    let now = 5_000;
    const log = AppLog.open({ home: h, maxLinesPerSec: 3, now: () => now })!;
    for (let i = 0; i < 10; i++) log.line(`burst ${i}`);
    now = 6_500;
    log.line('after');
    log.close();
    const text = readFileSync(appLogPath(h), 'utf8');
    expect(text.match(/burst \d/g)).toEqual(['burst 0', 'burst 1', 'burst 2']);
    expect(text).toContain('(7 more lines in the previous second were not written)');
    expect(text).toContain('after');
  });

  it('errors-logged-in-full: message, hint, details and every cause, indented under the line', () => {
    const h = home();
    const log = AppLog.open({ home: h })!;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const net = new NetworkError({ method: 'get', target: '/v1/pub/context' }, refused);
    log.error('context: load failed', new TransientError('no context', { cause: net, details: 'attempt 3' }));
    log.close();
    const text = readFileSync(appLogPath(h), 'utf8');
    expect(text).toContain('context: load failed: TransientError: no context');
    expect(text).toContain('details: attempt 3');
    expect(text).toContain('caused by: NetworkError: GET /v1/pub/context failed: network error');
    expect(text).toContain('hint: check the network connection and the base URL');
    expect(text).toContain('caused by: Error: connect ECONNREFUSED 127.0.0.1:1');
    expect(text).toContain('code: ECONNREFUSED');
    // One entry: continuation lines are indented, so the next timestamp starts the next entry.
    expect(text.split('\n').filter((l) => /^\d{4}-/.test(l))).toHaveLength(1);
  });

  it('log-is-safe-to-tail: escape sequences in lines, error messages and stacks are written as visible escapes', () => {
    const h = home();
    const log = AppLog.open({ home: h })!;
    const hostile = 'x\u001b]0;PWNED\u0007\u001b]52;c;ZXZpbA==\u0007\u001b[2J\u009b31m\r\u202e';
    log.line(`[md] ws: reconnecting (close 1008: ${hostile})`);
    const e = new Error(`server said ${hostile}`);
    e.stack = `Error: server said ${hostile}\n    at frame (${hostile}:1:1)`;
    log.error('crash', new TransientError('wrapped', { cause: e, details: hostile }), { stack: true });
    log.close();
    const bytes = readFileSync(appLogPath(h));
    expect(bytes.includes(0x1b)).toBe(false);
    const text = bytes.toString('utf8');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(text).toContain('x\\x1b]0;PWNED\\x07\\x1b]52;c;ZXZpbA==\\x07\\x1b[2J\\x9b31m\\x0d\\u202e');
    // Its lines stay lines: two entries, continuation lines indented.
    expect(text.split('\n').filter((l) => /^\d{4}-/.test(l))).toHaveLength(2);
    expect(text).toMatch(/\n {4,}at frame \(x\\x1b/);
  });

  it('describeError adds stack frames only when asked (crashes)', () => {
    const e = new DecodeError('mt 15 L2BookSnapshot: bid[0].p: expected an integer, got a string of length 4', 'bid[0].p');
    expect(describeError(e)).toBe('DecodeError: mt 15 L2BookSnapshot: bid[0].p: expected an integer, got a string of length 4');
    expect(describeError(new Error('boom'), { stack: true })).toMatch(/^Error: boom\n {2}at /);
    expect(describeError('plain')).toBe('thrown: plain');
  });

  it('a home that cannot hold the log gives no log, not a crash', () => {
    const h = home();
    writeFileSync(join(h, 'logs'), 'a file where the folder should be');
    expect(AppLog.open({ home: h })).toBeNull();
  });
});
