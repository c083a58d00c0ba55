// The chart's keys: scroll back in time (older candles load over REST as the view nears the oldest held),
// back to live, and a crosshair with its candle's readout. Valid only while the chart has focus; each says
// why it does nothing now. The moves themselves are state/chart-view.ts.

import {
  atOldestCandle,
  chartStepBack,
  chartToLive,
  chartToOldest,
  moveChartCursor,
  panChart,
  toggleChartCursor,
  wantsOlderCandles,
  type ChartFacts,
  type ChartViewState,
} from '../../state/chart-view.js';
import { stepTimeframe, TIMEFRAMES } from '../../domain/timeframes.js';
import { setChartView } from '../../state/actions.js';
import type { TerminalState } from '../../state/store.js';
import { chartWindowOf } from './view.js';
import type { Action, Binding, Disabled, KeyContext, PaneScope } from '../keys/binding.js';
import { off } from '../keys/binding-helpers.js';

const CHART: PaneScope = ['chart'];

/**
 * The chart's facts, its window as wide as the candles drawn (the pane's width less the price labels): the
 * window the pane drew (ui/chart/view.ts), at the candle columns the layout gives it, from this state.
 */
function factsOf(state: TerminalState): ChartFacts {
  const { plotWidth } = chartWindowOf(state, state.wants.candles);
  return { chart: state.chart, candles: state.candles, candleHistory: state.candleHistory, resolution: state.resolution, windowSize: Math.max(1, plotWidth) };
}

/** Candles a pan key moves: an eighth of the window, a page three quarters of it. */
const panStep = (f: ChartFacts): number => Math.max(1, Math.floor(f.windowSize / 8));
const pageStep = (f: ChartFacts): number => Math.max(1, Math.floor((f.windowSize * 3) / 4));

/** Off unless the chart has focus and candles to move over. */
function chartOff(state: TerminalState): Disabled | null {
  if (state.focus !== 'chart') return off('chart only', 'chart keys act when the chart has focus');
  return state.candles.length === 0 ? off('no candles') : null;
}

function olderOff(state: TerminalState): Disabled | null {
  return chartOff(state) ?? (atOldestCandle(factsOf(state)) ? off('oldest candle', 'no older candles: the exchange has none before this one') : null);
}

function newerOff(state: TerminalState): Disabled | null {
  const { chart, candles } = state;
  const last = candles.at(-1)?.t ?? null;
  return chartOff(state) ?? (chart.endT === null && (chart.cursorT === null || chart.cursorT === last) ? off('live') : null);
}

function liveOff(state: TerminalState): Disabled | null {
  const { chart, candleHistory } = state;
  return chartOff(state) ?? (chart.endT === null && (chart.cursorT === null || chart.cursorT === candleHistory.newestT) ? off('live') : null);
}

/** Applies a move and, near the oldest candle held, asks for the page before it (one in flight at a time). */
function apply(ctx: KeyContext, move: (f: ChartFacts) => ChartViewState): void {
  const facts = factsOf(ctx.store.getState());
  const next = move(facts);
  setChartView(ctx.store, next);
  if (wantsOlderCandles(facts, next)) ctx.actions.loadOlderCandles();
}

function chartKey(action: Action, keys: string[], description: string, move: (f: ChartFacts) => ChartViewState, disabledReason: (s: TerminalState) => Disabled | null, hint?: string): Binding {
  return { action, keys, mode: 'panes', panes: CHART, description, ...(hint ? { hint } : {}), run: (ctx) => apply(ctx, move), disabledReason };
}

/** With the cursor on, a step moves the cursor (the view follows at the edge); otherwise it pans. */
const step = (direction: 1 | -1) => (f: ChartFacts): ChartViewState => (f.chart.cursorT === null ? panChart(f, direction * panStep(f)) : moveChartCursor(f, direction));

function timeframeKey(action: Action, key: string, direction: 1 | -1, description: string, hint?: string): Binding {
  return {
    action, keys: [key], mode: 'panes', panes: CHART, description, ...(hint ? { hint } : {}), quiet: true,
    run: (ctx) => ctx.actions.setResolution(stepTimeframe(ctx.store.getState().resolution, direction)),
    disabledReason: (state) => (stepTimeframe(state.resolution, direction) === state.resolution ? off(direction > 0 ? `longest (${TIMEFRAMES.at(-1)?.label})` : `shortest (${TIMEFRAMES[0]?.label})`) : null),
  };
}

/** `[` `]`: the candle timeframe (before the scroll keys in the table: the footer's order). */
export const TIMEFRAME_BINDINGS: readonly Binding[] = [
  timeframeKey('timeframeDown', '[', -1, 'shorter candle timeframe', 'timeframe'),
  timeframeKey('timeframeUp', ']', 1, 'longer candle timeframe'),
];

export const CHART_BINDINGS: readonly Binding[] = [
  chartKey('chartOlder', ['h', 'Left'], 'chart: back in time (the crosshair one candle while on); older candles load as you go', step(-1), olderOff, 'scroll'),
  chartKey('chartNewer', ['l', 'Right'], 'chart: forward in time (the crosshair one candle while on)', step(1), newerOff),
  chartKey('chartPageOlder', ['PgUp'], 'chart: back a page', (f) => panChart(f, -pageStep(f)), olderOff),
  chartKey('chartPageNewer', ['PgDn'], 'chart: forward a page', (f) => panChart(f, pageStep(f)), newerOff),
  chartKey('chartOldest', ['Home', 'g'], 'chart: to the oldest candle loaded (the next older page loads)', chartToOldest, olderOff),
  chartKey('chartLive', ['End', 'G'], 'chart: back to live (the newest candles, following the market)', chartToLive, liveOff, 'live'),
  chartKey('chartCursor', ['x'], "chart: crosshair on / off (its candle's time, open, high, low, close and volume)", toggleChartCursor, chartOff, 'crosshair'),
];

/** What Esc (the `back` action) does in the focused chart before anything else, or null when nothing there is left to leave. */
export function chartBackMove(state: TerminalState): ChartViewState | null {
  return state.focus === 'chart' ? chartStepBack(state.chart) : null;
}

/** Esc's footer word while it acts on the chart: `crosshair off`, then `live`. */
export function chartBackHint(state: TerminalState): string | null {
  const next = chartBackMove(state);
  if (next === null) return null;
  return state.chart.cursorT !== null ? 'crosshair off' : 'live';
}
