// The timer functions the socket parts use, injectable so tests can drive time by hand.
// Defaults look the globals up at call time, so vi.useFakeTimers() installed later still applies.

export type TimerHandle = ReturnType<typeof setTimeout>;

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};
