import { afterEach, describe, expect, it, vi } from 'vitest';
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
  vi.useRealTimers();
  for (const m of created.splice(0)) {
    m.restore();
    m.release();
  }
});

/** A clean quit that finishes only when told. */
function pendingQuit() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { started: [] as ExitReason[], onExit(r: ExitReason) { this.started.push(r); return done; }, finish };
}

const emitCrash = (error: unknown): boolean => (process.emit as (event: string, ...args: unknown[]) => boolean)('uncaughtException', error);

describe('terminal manners', () => {
  it('enters the alternate screen with cursor hidden and wrap off, and restores all of it once', () => {
    const out = fakeOut();
    const stdin = fakeIn();
    const manners = new TerminalManners({ stdout: out, stdin });
    manners.enter();
    expect(out.text).toBe(ENTER_SEQUENCE);
    expect(ENTER_SEQUENCE).toContain('\u001B[?1049h');
    expect(ENTER_SEQUENCE).toContain('\u001B[?7l');
    // Home right after the switch: the first frame is written from the cursor, wherever echoed keys left it.
    expect(ENTER_SEQUENCE.startsWith('\u001B[?1049h\u001B[H')).toBe(true);
    manners.restore();
    manners.restore();
    expect(out.text).toBe(ENTER_SEQUENCE + RESTORE_SEQUENCE);
    for (const seq of ['\u001B[?7h', '\u001B[?25h', '\u001B[?1049l']) expect(RESTORE_SEQUENCE).toContain(seq);
    expect(stdin.calls).toEqual([true, false]);
  });

  it('raw-mode-on-entering-the-alternate-screen: a key typed before the screen reads keys is not echoed among its cells', () => {
    const stdin = fakeIn();
    const manners = new TerminalManners({ stdout: fakeOut(), stdin });
    created.push(manners);
    manners.enter();
    manners.enter();
    expect(stdin.calls).toEqual([true]);
  });

  it('bracketed-paste-on-while-running-off-on-every-exit: ESC[?2004h on entering, ESC[?2004l first thing in every restore', () => {
    expect(BRACKETED_PASTE_ON).toBe('\u001B[?2004h');
    expect(BRACKETED_PASTE_OFF).toBe('\u001B[?2004l');
    const out = fakeOut();
    const manners = new TerminalManners({ stdout: out, handleProcessEvents: true, onExit: () => undefined });
    created.push(manners);
    manners.enter();
    expect(out.text).toContain(BRACKETED_PASTE_ON);
    emitCrash(new Error('boom'));
    expect(out.text.endsWith(RESTORE_SEQUENCE)).toBe(true);
    expect(RESTORE_SEQUENCE.startsWith(BRACKETED_PASTE_OFF)).toBe(true);
  });

  it('restores on SIGTERM and reports the signal, and listens until it has exited', async () => {
    const out = fakeOut();
    const reasons: ExitReason[] = [];
    const exits: ExitReason[] = [];
    const before = process.listenerCount('SIGTERM');
    const manners = new TerminalManners({ stdout: out, handleProcessEvents: true, onExit: (r) => void reasons.push(r), exit: (r) => void exits.push(r) });
    created.push(manners);
    manners.enter();
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    process.emit('SIGTERM', 'SIGTERM');
    expect(out.text.endsWith(RESTORE_SEQUENCE)).toBe(true);
    expect(reasons).toEqual([{ kind: 'signal', signal: 'SIGTERM' }]);
    await vi.waitFor(() => expect(exits).toEqual([{ kind: 'signal', signal: 'SIGTERM' }]));
    expect(process.listenerCount('SIGTERM')).toBe(before);
    expect(exitCodeFor(reasons[0] as ExitReason)).toBe(143);
  });

  it('signal-keeps-its-handler-through-the-clean-quit: Ink\'s signal-exit sees another listener and does not re-raise the signal, and the exit waits for the quit', async () => {
    const quit = pendingQuit();
    const exits: ExitReason[] = [];
    const before = process.listenerCount('SIGINT');
    const manners = new TerminalManners({ stdout: fakeOut(), handleProcessEvents: true, onExit: (r) => quit.onExit(r), exit: (r) => void exits.push(r) });
    created.push(manners);
    manners.enter();
    process.emit('SIGINT', 'SIGINT');
    expect(manners.restored).toBe(true);
    expect(quit.started).toEqual([{ kind: 'signal', signal: 'SIGINT' }]);
    // signal-exit re-raises only when its own listener is the last one left.
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    await Promise.resolve();
    expect(exits).toEqual([]);
    quit.finish();
    await vi.waitFor(() => expect(exits).toEqual([{ kind: 'signal', signal: 'SIGINT' }]));
    expect(exitCodeFor(exits[0] as ExitReason)).toBe(130);
  });

  it('second-signal-exits-at-once: a signal while the clean quit runs ends the process with its own status, once', () => {
    const quit = pendingQuit();
    const exits: ExitReason[] = [];
    const manners = new TerminalManners({ stdout: fakeOut(), handleProcessEvents: true, onExit: (r) => quit.onExit(r), exit: (r) => void exits.push(r) });
    created.push(manners);
    manners.enter();
    process.emit('SIGTERM', 'SIGTERM');
    expect(exits).toEqual([]);
    process.emit('SIGHUP', 'SIGHUP');
    expect(exits).toEqual([{ kind: 'signal', signal: 'SIGHUP' }]);
    expect(quit.started).toHaveLength(1);
  });

  it('hung-clean-quit-exits-at-the-deadline: a clean quit that never finishes is cut off, and a crash inside it does not cut it short', () => {
    vi.useFakeTimers();
    const quit = pendingQuit();
    const exits: ExitReason[] = [];
    const manners = new TerminalManners({ stdout: fakeOut(), handleProcessEvents: true, onExit: (r) => quit.onExit(r), exit: (r) => void exits.push(r), deadlineMs: 2000 });
    created.push(manners);
    manners.enter();
    process.emit('SIGTERM', 'SIGTERM');
    emitCrash(new Error('a step of the quit failed'));
    vi.advanceTimersByTime(1999);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(exits).toEqual([{ kind: 'signal', signal: 'SIGTERM' }]);
    expect(quit.started).toHaveLength(1);
  });

  it('restores on an uncaught exception before anything prints it', () => {
    const out = fakeOut();
    const reasons: ExitReason[] = [];
    const manners = new TerminalManners({ stdout: out, handleProcessEvents: true, onExit: (r) => void reasons.push(r) });
    created.push(manners);
    manners.enter();
    const boom = new Error('boom');
    emitCrash(boom);
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
