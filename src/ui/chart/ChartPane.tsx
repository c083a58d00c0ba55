// Candle chart with volume; `[` and `]` step the timeframe, the chart keys scroll back in time and move a
// cursor (ui/chart/bindings.ts). Draws its view (ui/chart/view.ts), only when what it shows changed (the
// publisher hands over a fresh copy of the candles on every tick), as one pre-built block. A row the chart kept
// from its last frame (ui/chart/incremental-chart.ts) keeps its painted line.

import { useMemo } from 'react';
import { displayKey } from '../help/rows.js';
import { Pane } from '../shell/Pane.js';
import { PrebuiltLines } from '../shell/PrebuiltLines.js';
import { useKeymap, useTerminal } from '../shell/store-context.js';
import { paint, type Colour } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';
import type { ChartRow, ChartTone } from './candle-chart.js';
import { chartView } from './view.js';

const CHART_COLOURS: Record<ChartTone, Colour | undefined> = { up: 'green', down: 'red', axis: 'gray', plain: undefined };

/** Painted lines by row object, per palette: rows are never changed, only replaced. */
const paintedRows = new WeakMap<Palette, WeakMap<ChartRow, string>>();

function paintedRow(theme: Palette, runs: ChartRow): string {
  let byRow = paintedRows.get(theme);
  if (!byRow) paintedRows.set(theme, (byRow = new WeakMap()));
  let line = byRow.get(runs);
  if (line === undefined) byRow.set(runs, (line = runs.map((run) => paint(theme, run.text, CHART_COLOURS[run.tone])).join('')));
  return line;
}

export function ChartPane({ width, height }: { width: number; height: number }) {
  const focused = useTerminal((s) => s.focus === 'chart');
  const keymap = useKeymap();
  const theme = useTheme();
  const liveKey = displayKey(keymap.keyOf('chartLive') ?? '-');
  // The same object while nothing it shows changed (ui/chart/view.ts keeps equal copies): no redraw.
  const view = useTerminal((s) => chartView(s, liveKey, width, height));
  const rows = useMemo(() => view.rows.map((runs) => paintedRow(theme, runs)), [view, theme]);
  return (
    <Pane title={view.title} width={width} height={height} focused={focused}>
      <PrebuiltLines lines={rows} width={Math.max(0, width - 2)} />
    </Pane>
  );
}
