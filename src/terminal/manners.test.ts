import { afterEach, describe, expect, it } from 'vitest';
import { BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON, ENTER_SEQUENCE, RESTORE_SEQUENCE, TerminalManners, exitCodeFor, type ExitReason } from './manners.js';

function fakeOut() {
  const out = { text: '', write(chunk: string) { out.text += chunk; return true; } };
  return out;
}

function fakeIn() {
  const calls: boolean[] = [];
  return { isTTY: true, calls, setRawMode(mode: boolean) { calls.push(mode); } };
}

const created: TerminalManners[] = [];
afterEach(() => {
  for (const m of created.splice(0)) m.restore();
});

describe('terminal manners', () => {
  it('enters the alternate screen with cursor hidden and wrap off, and restores all of it once', () => {
    const out = fakeOut();
    const stdin = fakeIn();
    const manners = new TerminalManners({ stdout: out, stdin });
    manners.enter();
    expect(out.text).toBe(ENTER_SEQUENCE);
    expect(ENTER_SEQUENCE).toContain('\u001B[?1049h');
    expect(ENTER_SEQUENCE).toContain('\u001B[?7l');
    manners.restore();
    manners.restore();
    expect(out.text).toBe(ENTER_SEQUENCE + RESTORE_SEQUENCE);
    for (const seq of ['\u001B[?7h', '\u001B[?25h', '\u001B[?1049l']) expect(RESTORE_SEQUENCE).toContain(seq);
    expect(stdin.calls).toEqual([false]);
  });

  it('bracketed-paste-on-while-running-off-on-every-exit: ESC[?2004h on entering, ESC[?2004l first thing in every restore', () => {
    expect(BRACKETED_PASTE_ON).toBe('\u001B[?2004h');
    expect(BRACKETED_PASTE_OFF).toBe('\u001B[?2004l');
    const out = fakeOut();
    const manners = new TerminalManners({ stdout: out, handleProcessEvents: true, onExit: () => undefined });
    created.push(manners);
    manners.enter();
    expect(out.text).toContain(BRACKETED_PASTE_ON);
    (process.emit as (event: string, ...args: unknown[]) => boolean)('uncaughtException', new Error('boom'));
    expect(out.text.endsWith(RESTORE_SEQUENCE)).toBe(true);
    expect(RESTORE_SEQUENCE.startsWith(BRACKETED_PASTE_OFF)).toBe(true);
  });

  it('restores on SIGTERM and reports the signal, then stops listening', () => {
    const out = fakeOut();
    const reasons: ExitReason[] = [];
    const before = process.listenerCount('SIGTERM');
    const manners = new TerminalManners({ stdout: out, handleProcessEvents: true, onExit: (r) => reasons.push(r) });
    created.push(manners);
    manners.enter();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    process.emit('SIGTERM', 'SIGTERM');
    expect(out.text.endsWith(RESTORE_SEQUENCE)).toBe(true);
    expect(reasons).toEqual([{ kind: 'signal', signal: 'SIGTERM' }]);
    expect(process.listenerCount('SIGTERM')).toBe(before);
    expect(exitCodeFor(reasons[0] as ExitReason)).toBe(143);
  });

  it('restores on an uncaught exception before anything prints it', () => {
    const out = fakeOut();
    const reasons: ExitReason[] = [];
    const manners = new TerminalManners({ stdout: out, handleProcessEvents: true, onExit: (r) => reasons.push(r) });
    created.push(manners);
    manners.enter();
    const boom = new Error('boom');
    (process.emit as (event: string, ...args: unknown[]) => boolean)('uncaughtException', boom);
    expect(out.text).toBe(ENTER_SEQUENCE + RESTORE_SEQUENCE);
    expect(reasons).toEqual([{ kind: 'crash', error: boom }]);
    expect(exitCodeFor(reasons[0] as ExitReason)).toBe(1);
  });

  it('does not write a restore sequence for a terminal it never took over', () => {
    const out = fakeOut();
    new TerminalManners({ stdout: out }).restore();
    expect(out.text).toBe('');
  });
});
