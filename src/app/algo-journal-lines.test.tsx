// The Journal tab shows the algos' own lines beside the order journal: a TWAP's start (its parameters in
// words), its child order (the request's line names the algo), and its end with the reason, each with the algo id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualTimers } from '../../test/helpers/virtual-timers.js';
import { AlgoJournal } from '../client/algos/algo-journal.js';
import { AlgoLines } from '../client/algos/algo-lines.js';
import { AlgoRunner } from '../client/algos/algo-runner.js';
import { JournalTail } from '../client/trading/journal-view.js';
import type { AlgoLine } from '../domain/algos/algo-row.js';
import type { CommandHandle, PlaceParams, TradingCommands } from '../domain/trading/commands.js';
import { btcTestMarket } from '../domain/trading/market.fixtures.js';
import type { TwapSpec } from '../domain/algos/twap.js';
import { ALGO_LINES_MAX, publishAlgoLines } from '../state/algo-actions.js';
import { renderPane, type RenderedPane } from '../ui/shell/render-pane.fixtures.js';
import { onTab, tabStore } from '../ui/tabs/tab-store.fixtures.js';
import { JournalTab } from '../ui/journal/JournalTab.js';

const market = btcTestMarket();
const spec: TwapSpec = { marketId: 16, side: 'long', size: 1_000, durationMs: 40_000, slices: 4, jitterBps: 0, bound: { kind: 'slip', bps: 30 }, leverage: 500 };

let dir = '';
let shown: RenderedPane | null = null;
afterEach(() => {
  shown?.unmount();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('algo lines in the Journal tab', () => {
  it('journal-shows-algo-start-child-and-end: a TWAP started, its child order and its end are Journal lines naming the algo', async () => {
    dir = mkdtempSync(join(tmpdir(), 'perpl-algo-lines-'));
    const clock = new VirtualTimers(Date.UTC(2026, 10, 28, 12, 0, 0));
    const opened = AlgoJournal.open(join(dir, 'local-1.ndjson'), clock.now);
    if ('refused' in opened) throw new Error(opened.refused);
    // The order engine's journal tail, as the engine feeds it the child's request.
    const tail = new JournalTail();
    const commands = {
      locks: () => [],
      place: (p: PlaceParams): CommandHandle => {
        tail.add({ k: 'request', key: 'k1', rq: 7, frame: {} as never, postedHead: 1, label: `buy ${p.size} IOC`, group: p.group! }, clock.now());
        return { rqs: () => [7], outcome: new Promise(() => {}) };
      },
    } as unknown as TradingCommands;
    const wording = new AlgoLines((id) => (id === market.id ? market : undefined));
    const lines: AlgoLine[] = [];
    const runner = new AlgoRunner({
      commands,
      journal: opened.journal,
      timers: clock,
      reads: { market: () => market, mark: () => 670_000, orderByRq: () => Promise.resolve(undefined), orderJournal: () => [], sendBudgetLeft: () => 100 },
      onRecord: (r) => {
        const l = wording.add(r);
        if (l) lines.push(l);
      },
    });
    const started = runner.startTwap(spec);
    if ('refused' in started) throw new Error(started.refused);
    clock.advance(1_000);
    await runner.tick();
    clock.advance(1_000);
    runner.cancel(started.id);
    opened.journal.close();

    const store = tabStore(onTab('journal'), { journal: [...tail.list()] });
    expect(publishAlgoLines(store, lines)).toBe(true);
    shown = renderPane(store, <JournalTab width={200} height={12} focused />, 200, { width: 200, height: 12 });
    const text = shown.lines().join('\n');
    const id = started.id;
    expect(text).toMatch(new RegExp(`algo\\s+algo ${id} ended: cancelled by the trader`));
    expect(text).toMatch(new RegExp(`request\\s+7 rq 7 buy 250 IOC · algo ${id}\\.1`));
    expect(text).toMatch(new RegExp(`algo\\s+algo ${id} child ${id}\\.1: slice 1, IOC 0\\.0025 BTC within 67,201`));
    expect(text).toMatch(new RegExp(`algo\\s+algo ${id} BTC TWAP buy 0\\.01 BTC over 40s in 4 slices, jitter 0%, slip 30 bps, arrival mark 67,000`));
    // Newest first: the end, then the child's order, the child's line, the start.
    const order = ['ended:', 'rq 7 buy', `child ${id}.1:`, 'TWAP buy'].map((w) => text.indexOf(w));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('algo-lines-bounded-and-sanitized: a reason from disk cannot write escapes, and only the newest lines are kept', () => {
    const store = tabStore(onTab('journal'), {});
    const many: AlgoLine[] = Array.from({ length: ALGO_LINES_MAX + 5 }, (_, i) => ({ timeMs: i, id: 'tw1', text: `algo tw1 line ${i}` }));
    many.push({ timeMs: 999, id: 'tw1', text: 'algo tw1 ended: \u001b[31mred\u0007' });
    publishAlgoLines(store, many);
    const kept = store.getState().algoLines;
    expect(kept).toHaveLength(ALGO_LINES_MAX);
    expect(kept[0]!.text).toBe('algo tw1 line 6');
    expect(kept.at(-1)!.text).not.toMatch(/[\u001b\u0007]/);
  });
});
