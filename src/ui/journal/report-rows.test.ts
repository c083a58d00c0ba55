import { describe, expect, it } from 'vitest';
import type { ExecutionReport } from '../../domain/trading/execution-report.js';
import type { JournalEntryView } from '../../domain/trading/views.js';
import { withExecutionReports } from './rows.js';

const entry = (kind: JournalEntryView['kind'], requestKey: string, text: string): JournalEntryView => ({ timeMs: 0, kind, requestKey, rq: 3, text });
const report: ExecutionReport = {
  requestKey: 'a', rq: 3, kind: 'open', marketId: 16, side: 'long', keyWallMs: 0, toSendMs: 2, toAckMs: 14, toFirstFillMs: 15, toLastFillMs: 15,
  filledSize: 1_000, averageFillPrice: 600_020, vsMark: { ticks: 2, bpsHundredths: 3n, atoms: 2_000n }, vsEstimate: { ticks: 0, bpsHundredths: 0n, atoms: 0n },
};

describe('the Journal with execution reports', () => {
  it('report-line-above-its-outcome: the report of an order sits right above its resolved line, other requests untouched', () => {
    const newestFirst = [entry('resolved', 'b', 'b done'), entry('resolved', 'a', 'a filled'), entry('update', 'a', 'a update'), entry('request', 'a', 'a buy')];
    const rows = withExecutionReports(newestFirst, [report]);
    expect(rows.map((r) => `${r.kind}:${r.requestKey}`)).toEqual(['resolved:b', 'report:a', 'resolved:a', 'update:a', 'request:a']);
    expect(rows[1]!.text).toBe('rq 3 timed from the key: send 2.0 ms, ack 14 ms, fill 15 ms · vs mark 2 ticks worse (0.03 bps, 0.0020) · vs est even');
  });
});
