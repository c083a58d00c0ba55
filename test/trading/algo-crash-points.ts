// The points of a child's life where an algo client's process dies (startAlgoClient's `wrap`): commands whose
// nth place / replaceProtection runs the crash instead of (or around) the real call. Shared by the crash
// tests: the fixed ones (algo-crash.test.ts), the random ones (algo-crash-property.test.ts) and the
// partial-fill ones (algo-crash-partial.test.ts).

import type { CommandHandle, PlaceParams, ReplaceOptions, TradingCommands, TriggerSpec } from '../../src/domain/trading/commands.js';
import type { SimHandle, Trader } from './harness.js';

export type CrashWrap = (real: TradingCommands, crash: () => void, trader: Trader) => TradingCommands;

/** Commands whose `n`th place (1-based) runs `at` instead: the crash point. */
export function crashOnPlace(n: number, at: (real: TradingCommands, p: PlaceParams, crash: () => void) => CommandHandle): CrashWrap {
  return (real, crash) => {
    let calls = 0;
    return new Proxy(real, {
      get(target, prop, receiver) {
        if (prop !== 'place') return Reflect.get(target, prop, receiver) as unknown;
        return (p: PlaceParams) => (++calls === n ? at(target, p, crash) : target.place(p));
      },
    });
  };
}

/** Commands whose `n`th replaceProtection (1-based) runs `at` instead: the crash point. */
export function crashOnReplace(n: number, at: (real: TradingCommands, pid: number, sl: TriggerSpec, crash: () => void) => CommandHandle): CrashWrap {
  return (real, crash) => {
    let calls = 0;
    return new Proxy(real, {
      get(target, prop, receiver) {
        if (prop !== 'replaceProtection') return Reflect.get(target, prop, receiver) as unknown;
        return (pid: number, p: { sl?: TriggerSpec }, opts?: ReplaceOptions) => (++calls === n ? at(target, pid, p.sl!, crash) : target.replaceProtection(pid, p, opts));
      },
    });
  };
}

/** A handle whose outcome never comes: the dead process never saw it. */
const unseen = (handle: CommandHandle): CommandHandle => ({ rqs: () => handle.rqs(), outcome: new Promise(() => {}) });

/** The process dies with child `n` journaled, before it is sent. */
export const beforeSend = (n: number): CrashWrap =>
  crashOnPlace(n, (_real, _p, crash) => {
    crash();
    throw new Error('killed before the send');
  });

/**
 * Child `n`'s request line is on disk (the order journal, fsynced), then the process dies before its frame
 * reaches the exchange: what a kill -9 inside that fsync leaves (the frame never written).
 */
export const beforeFrameLeaves =
  (n: number): CrashWrap =>
  (real, crash, trader) =>
    crashOnPlace(n, (target, p, die) => {
      trader.session.sendOrderFrame = () => false; // the write the kill prevented
      const handle = target.place(p);
      die();
      return unseen(handle);
    })(real, crash, trader);

/** Child `n` is on the wire (blocks held so it has not executed), then the process dies before its rq is noted. Resume the blocks after. */
export const beforeAck = (h: SimHandle, n: number): CrashWrap =>
  crashOnPlace(n, (real, p, crash) => {
    h.sim.control.pauseBlocks();
    real.place(p);
    crash();
    throw new Error('killed before the ack');
  });

/** Child `n` executes; `then` runs on its outcome (e.g. a taker crossing part of it), and the process dies before the algo records it. */
export const afterFill = (n: number, then: () => Promise<void> = async () => {}): CrashWrap =>
  crashOnPlace(n, (real, p, crash) => {
    const handle = real.place(p);
    void handle.outcome.then(then).finally(crash);
    return unseen(handle);
  });

/** Trail: replace `n` plans and journals its move, the process dies before anything is sent. */
export const trailBeforeSend = (n: number): CrashWrap =>
  crashOnReplace(n, (_real, _pid, _sl, crash) => {
    crash();
    throw new Error('killed before the send');
  });

/** Trail: replace `n` arms its new stop (noted in `armed`), the process dies before the old one is cancelled. */
export const trailMidReplace = (n: number, armed: number[]): CrashWrap =>
  crashOnReplace(n, (real, pid, sl, crash) => {
    armed.push(sl.price);
    const handle = real.protect(pid, { sl });
    void handle.outcome.then(crash, crash);
    return unseen(handle);
  });
