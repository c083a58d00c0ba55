// The whole screen. Reads the store; keys go to their bindings (keys/dispatch.ts), which act through the
// TerminalActions (ui/actions/); never touches a socket.

import { Box } from 'ink';
import { useEffect, useMemo } from 'react';
import { createTerminalActions } from '../actions/terminal-actions.js';
import type { TerminalServices } from '../../domain/terminal-actions.js';
import { keepFocusVisible, setViewport, showViewport } from '../../state/actions.js';
import { wantedBookDepth } from '../../state/book-display.js';
import type { PaneId, TerminalStore } from '../../state/store.js';
import { useTerminalSize } from './use-terminal-size.js';
import { dispatchKey } from '../keys/dispatch.js';
import { DetailOverlay } from '../detail/DetailOverlay.js';
import { detailTextRows } from '../detail/view.js';
import { createKeymap, type Keymap } from '../keys/keymap.js';
import { useKeys } from '../keys/use-keys.js';
import { computeLayout, visiblePanes } from './layout.js';
import { HelpOverlay } from '../help/HelpOverlay.js';
import { ThemeContext, themePalette } from './theme.js';
import { applyZoom } from './zoom-layout.js';
import { dockEntry } from './entry-dock.js';
import { BookPane } from '../book/BookPane.js';
import { LadderPane } from '../ladder/LadderPane.js';
import { ladderRowCount } from '../ladder/view.js';
import { ladderWants, withLadder } from '../ladder/layout.js';
import { ChartPane } from '../chart/ChartPane.js';
import { Footer } from './Footer.js';
import { MarketPicker } from '../picker/MarketPicker.js';
import { StatusBar } from '../status/StatusBar.js';
import { TooSmall } from '../too-small/TooSmall.js';
import { TradesPane } from '../trades/TradesPane.js';
import { TradingTabs } from '../tabs/TradingTabs.js';
import { AccountPane } from '../account/AccountPane.js';
import { OrderEntryPane } from '../order-entry/OrderEntryPane.js';
import { entryFits } from '../order-entry/view.js';
import { PerfOverlay, type PerfProbe } from '../perf/PerfOverlay.js';
import { TradingBar } from '../command-line/TradingBar.js';
import { confirmRows } from '../confirm/ConfirmLine.js';
import { ActionsContext, KeymapContext, StoreContext, useTerminal } from './store-context.js';
import type { ColorDepth } from './theme-palettes.js';

export interface AppProps {
  store: TerminalStore;
  services: TerminalServices;
  /** The keymap in force (the config's remaps applied); default the shipped one. */
  keymap?: Keymap;
  /** Colours the terminal shows (detected by the app); default full colour. */
  colorDepth?: ColorDepth;
  /** The app's frame meter for the F12 overlay (started only while the overlay is shown). */
  perf?: PerfProbe | null;
}

interface ScreenProps {
  store: TerminalStore;
  keymap: Keymap;
  colorDepth: ColorDepth;
  perf: PerfProbe | null;
}

function Layout({ store, keymap, colorDepth, perf, actions }: ScreenProps & { actions: ReturnType<typeof createTerminalActions> }) {
  const { cols, rows } = useTerminalSize();
  // F12 (a binding: perf/bindings.ts): the perf line in place of the key hints.
  const perfOn = useTerminal((s) => s.workspace.perfOverlay);
  const zoomed = useTerminal((s) => s.workspace.zoomed);
  const base = computeLayout(cols, rows);
  const panes = visiblePanes(base);
  const panesKey = panes.join(',');
  const pickerOpen = useTerminal((s) => s.picker.open);
  const helpOpen = useTerminal((s) => s.workspace.help.open);
  const detailOpen = useTerminal((s) => s.workspace.detail !== null);
  const entryOpen = useTerminal((s) => s.tradingUi.entry !== null || s.tradingUi.amend !== null || s.tradingUi.scale !== null);
  // An open order form docks beside the book with the chart and tape still in view (entry-dock.ts).
  const narrowDock = entryOpen && !pickerOpen ? dockEntry(base) : null;
  // In the chart's place at 80 columns a long review (a change and its confirm) takes the tape's columns too.
  const overTape = useTerminal((s) => narrowDock !== null && narrowDock.chart.width === 0 && !entryFits(s, narrowDock.entry.width, narrowDock.entry.height));
  const docked = narrowDock && overTape ? dockEntry(base, true) : narrowDock;
  const ladderOpen = useTerminal((s) => s.ladder.open);
  const layout = docked ?? applyZoom(ladderOpen ? withLadder(base) : base, zoomed);
  // A confirm too long for the bottom line wraps above it: the panes keep their sizes and give up their
  // bottom rows to it (clipped), so the frame stays rows-1 and no feed is re-asked for a question.
  const barRows = useTerminal((s) => confirmRows(s.tradingUi.confirm, cols));
  const themeName = useTerminal((s) => s.workspace.theme);
  const palette = useMemo(() => themePalette(themeName, colorDepth), [themeName, colorDepth]);

  const bookDisplay = useTerminal((s) => s.bookDisplay);
  useEffect(() => {
    setViewport(
      store,
      { cols, rows, tooSmall: layout.tooSmall },
      { depth: ladderOpen ? ladderWants.depth(layout.book.height) : wantedBookDepth(layout.depth, bookDisplay.scroll), bookGroup: bookDisplay.group, trades: layout.tradeRows, candles: layout.candleColumns, ...(ladderOpen ? { priceVolume: true } : {}) },
    );
  }, [store, cols, rows, layout.tooSmall, layout.depth, layout.book.height, layout.tradeRows, layout.candleColumns, bookDisplay, ladderOpen]);

  // A resize that hides the focused pane moves the focus to one on screen.
  useEffect(() => {
    if (panesKey !== '') keepFocusVisible(store, panesKey.split(',') as PaneId[]);
  }, [store, panesKey]);

  const topHeight = layout.book.height || layout.chart.height || layout.trading.height;
  useKeys((key, read) => {
    // The store's viewport may lag a resize by one effect: what is drawn now decides.
    const shown = store.getState().viewport;
    if (shown.tooSmall !== layout.tooSmall || shown.cols !== cols || shown.rows !== rows) showViewport(store, { cols, rows, tooSmall: layout.tooSmall });
    dispatchKey(key, {
      store,
      actions,
      keymap,
      read,
      nowMs: Date.now(),
      keyAtMs: performance.now(),
      view: {
        panes,
        bookPage: Math.max(1, layout.depth - 1),
        bookDepth: layout.depth,
        ladderRows: ladderRowCount(layout.book.height),
        tabsPage: Math.max(1, layout.trading.height - 4),
        helpPage: Math.max(1, topHeight - 4),
        detail: { width: Math.max(0, cols - 2), page: detailTextRows(topHeight) },
      },
    });
  });

  const screen = layout.tooSmall ? (
    <TooSmall cols={cols} rows={rows} />
  ) : (
    <Box key={themeName} flexDirection="column" width={cols} height={layout.frameRows}>
      <Box flexDirection="column" width={cols} height={Math.max(0, layout.frameRows - barRows)} overflow="hidden" flexShrink={0}>
        <StatusBar width={cols} rows={layout.headerRows} />
        <Box flexDirection="row" width={cols} height={layout.book.height} flexShrink={0}>
          {helpOpen ? (
            // Over the whole top row: readable at 80 columns too.
            <HelpOverlay width={cols} height={topHeight} />
          ) : detailOpen ? (
            <DetailOverlay width={cols} height={topHeight} />
          ) : (
            <>
              {layout.book.width > 0 ? (
                ladderOpen ? <LadderPane width={layout.book.width} height={layout.book.height} /> : <BookPane width={layout.book.width} height={layout.book.height} depth={layout.depth} />
              ) : null}
              {docked && docked.entry.width > 0 ? <OrderEntryPane width={docked.entry.width} height={docked.entry.height} /> : null}
              {pickerOpen ? (
                // Over the chart and the tape: the table needs the room (80 columns included).
                <MarketPicker width={layout.chart.width + layout.trades.width} height={layout.chart.height} />
              ) : layout.chart.width > 0 ? (
                <ChartPane width={layout.chart.width} height={layout.chart.height} />
              ) : null}
              {layout.trades.width > 0 && !pickerOpen ? <TradesPane width={layout.trades.width} height={layout.trades.height} rows={layout.tradeRows} /> : null}
            </>
          )}
        </Box>
        {layout.trading.height > 0 ? (
          <Box flexDirection="row" width={cols} height={layout.trading.height} flexShrink={0}>
            {layout.account.width > 0 ? <AccountPane width={layout.account.width} height={layout.account.height} /> : null}
            <TradingTabs width={layout.trading.width} height={layout.trading.height} accountLine={layout.accountLine} />
          </Box>
        ) : null}
      </Box>
      <TradingBar width={cols} fallback={perfOn ? <PerfOverlay width={cols} probe={perf} /> : <Footer width={cols} />} />
    </Box>
  );
  return <ThemeContext.Provider value={palette}>{screen}</ThemeContext.Provider>;
}

export function App({ store, services, keymap, colorDepth = 'truecolor', perf = null }: AppProps) {
  const actions = useMemo(() => createTerminalActions(store, services), [store, services]);
  const keys = useMemo(() => keymap ?? createKeymap(), [keymap]);
  return (
    <StoreContext.Provider value={store}>
      <ActionsContext.Provider value={actions}>
        <KeymapContext.Provider value={keys}>
          <Layout store={store} keymap={keys} colorDepth={colorDepth} perf={perf} actions={actions} />
        </KeymapContext.Provider>
      </ActionsContext.Provider>
    </StoreContext.Provider>
  );
}
