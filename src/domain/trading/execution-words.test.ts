// The words of execution reports for every kind of order: a close says its side, an amend whose own average
// is not known says "—" instead of a figure, a cancel and a trigger are timed to their ack only.
import { describe, expect, it } from 'vitest';
import type { ExecutionReport } from './execution-report.js';
import { executionDetailLines, executionLine } from './execution-words.js';

const BTC = { label: 'BTC', priceDecimals: 1, sizeDecimals: 5 };
const report = (over: Partial<ExecutionReport>): ExecutionReport => ({
  requestKey: 'k', rq: 7, kind: 'open', marketId: 16, side: 'long', keyWallMs: 0, toSendMs: 2, toAckMs: 14, toFirstFillMs: 15, toLastFillMs: 15,
  filledSize: 1_000, averageFillPrice: 600_020, vsMark: { ticks: 2, bpsHundredths: 3n, atoms: 2_000n }, vsEstimate: null, ...over,
});

describe('execution report words by kind', () => {
  it('open-line-unchanged: an open reads as before, with its estimate', () => {
    expect(executionLine(report({}))).toBe('rq 7 timed from the key: send 2.0 ms, ack 14 ms, fill 15 ms · vs mark 2 ticks worse (0.03 bps, 0.0020) · vs est n/a');
  });

  it('close-line-says-its-side: a close of a long sells, with slippage against the mark and no estimate it never had', () => {
    const line = executionLine(report({ kind: 'close', side: 'short' }));
    expect(line).toBe('rq 7 close (sells) timed from the key: send 2.0 ms, ack 14 ms, fill 15 ms · vs mark 2 ticks worse (0.03 bps, 0.0020)');
    const detail = executionDetailLines(report({ kind: 'close', side: 'short' }), BTC);
    expect(detail[0]).toContain('execution report of a close (sells)');
    expect(detail).toContain("  vs the review's estimate:    — (a close is sent without a review estimate)");
  });

  it('amend-line-send-ack: an unfilled amend is timed to its ack and says no fill', () => {
    expect(executionLine(report({ kind: 'amend', toFirstFillMs: null, toLastFillMs: null, filledSize: 0, averageFillPrice: null, vsMark: null }))).toBe(
      'rq 7 amend timed from the key: send 2.0 ms, ack 14 ms, no fill',
    );
  });

  it('amend-without-exact-average-shows-a-dash: fills after earlier fills say "—", never a figure', () => {
    const r = report({ kind: 'amend', filledSize: 700, averageFillPrice: null, vsMark: null });
    expect(executionLine(r)).toBe('rq 7 amend timed from the key: send 2.0 ms, ack 14 ms, fill 15 ms · vs mark —');
    const detail = executionDetailLines(r, BTC);
    expect(detail).toContain('  vs the mark at the key press: —');
    expect(detail.join('\n')).toContain('filled 0.007 BTC since the change');
    expect(detail.join('\n')).not.toMatch(/ticks? (worse|better)/);
  });

  it('cancel-and-trigger-timed-to-the-ack: no fill and no slippage words for what fills nothing on the key', () => {
    const cancel = report({ kind: 'cancel', toFirstFillMs: null, toLastFillMs: null, filledSize: 0, averageFillPrice: null, vsMark: null });
    expect(executionLine(cancel)).toBe('rq 7 cancel timed from the key: send 2.0 ms, ack 14 ms');
    const trigger = { ...cancel, kind: 'trigger' as const };
    expect(executionLine(trigger)).toBe('rq 7 TP/SL trigger timed from the key: send 2.0 ms, ack 14 ms');
    expect(executionDetailLines(trigger, BTC)[1]).toBe('  key press -> sent 2.0 ms · ack 14 ms (timed to its ack: a trigger fills when the price crosses it, not on the key)');
  });

  it('reduce-only-stop-report-says-stop: a stop order that closes is reported as a stop, not a TP/SL trigger', () => {
    const stop = report({ kind: 'stop', toFirstFillMs: null, toLastFillMs: null, filledSize: 0, averageFillPrice: null, vsMark: null });
    expect(executionLine(stop)).toBe('rq 7 stop timed from the key: send 2.0 ms, ack 14 ms');
    expect(executionDetailLines(stop, BTC)[1]).toBe('  key press -> sent 2.0 ms · ack 14 ms (timed to its ack: a stop fills when the price crosses it, not on the key)');
  });
});
