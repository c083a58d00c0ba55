import { describe, expect, it } from 'vitest';
import { type PanicCloseFacts, DEFAULT_PANIC_CLOSE_POLICY, nextPanicCloseStep, panicSlippageBps } from './panic-close.js';

const facts = (over: Partial<PanicCloseFacts> = {}): PanicCloseFacts => ({
  lastResult: 'definitive',
  stillOpen: true,
  attemptsMade: 1,
  baseSlippageBps: 100,
  ...over,
});

describe('panicSlippageBps', () => {
  it('starts at the market cap and widens each attempt up to the ceiling', () => {
    expect([0, 1, 2, 3].map((a) => panicSlippageBps(100, a))).toEqual([100, 200, 400, 800]);
    expect([0, 1, 2, 3].map((a) => panicSlippageBps(1_000, a))).toEqual([1_000, 2_000, 4_000, 5_000]);
  });
  it('never narrows below the market cap, even when that cap is above the ceiling', () => {
    expect(panicSlippageBps(6_000, 2)).toBe(6_000);
  });
});

describe('nextPanicCloseStep', () => {
  it('a position no longer open is flat, whatever the last result said', () => {
    expect(nextPanicCloseStep(facts({ stillOpen: false, lastResult: 'failed' }))).toEqual({ action: 'flat' });
    expect(nextPanicCloseStep(facts({ stillOpen: false, lastResult: 'unknown' }))).toEqual({ action: 'flat' });
  });

  it('an IOC that found nothing, a failure, a reject or a refused send: a new close with a wider cap', () => {
    for (const lastResult of ['definitive', 'failed', 'rejected', 'invalid'] as const) {
      expect(nextPanicCloseStep(facts({ lastResult }))).toEqual({ action: 'retry', slippageBps: 200 });
    }
    expect(nextPanicCloseStep(facts({ attemptsMade: 3 }))).toEqual({ action: 'retry', slippageBps: 800 });
  });

  it('never follows a close whose outcome is unknown with another one', () => {
    for (const lastResult of ['unknown', 'gave-up', 'check-position'] as const) {
      const step = nextPanicCloseStep(facts({ lastResult }));
      expect(step.action).toBe('stop');
      if (step.action === 'stop') expect(step.reason).toMatch(/not re-sent/);
    }
  });

  it('gives up after the bounded number of closes and says how many', () => {
    const step = nextPanicCloseStep(facts({ attemptsMade: DEFAULT_PANIC_CLOSE_POLICY.attempts }));
    expect(step).toEqual({ action: 'stop', reason: `gave up after ${DEFAULT_PANIC_CLOSE_POLICY.attempts} closes` });
    expect(nextPanicCloseStep(facts({ attemptsMade: 1 }), { attempts: 1, slippageGrowth: 2, maxSlippageBps: 500, grownResends: 4 }).action).toBe('stop');
  });

  it('close-filled-whole-position-open-resent-not-widened: the position grew after the close was sized: the same cap, bounded apart from the attempts', () => {
    expect(nextPanicCloseStep(facts({ lastFilledWhole: true }))).toEqual({ action: 'resend' });
    // The attempts are not what bounds it: the widenings are left for real misses.
    expect(nextPanicCloseStep(facts({ lastFilledWhole: true, attemptsMade: DEFAULT_PANIC_CLOSE_POLICY.attempts }))).toEqual({ action: 'resend' });
    expect(nextPanicCloseStep(facts({ lastFilledWhole: true, grownResendsMade: DEFAULT_PANIC_CLOSE_POLICY.grownResends }))).toEqual({
      action: 'stop',
      reason: `the position grew again after ${DEFAULT_PANIC_CLOSE_POLICY.grownResends + 1} closes filled whole`,
    });
    // Flat is flat; an unknown outcome is never followed, filled whole or not.
    expect(nextPanicCloseStep(facts({ lastFilledWhole: true, stillOpen: false }))).toEqual({ action: 'flat' });
    expect(nextPanicCloseStep(facts({ lastFilledWhole: true, lastResult: 'unknown' })).action).toBe('stop');
  });
});
