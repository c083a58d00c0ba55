// The whole screen. Reads the store, sends intents through TerminalCommands; never touches a socket.

import { Box, useInput } from 'ink';
import { useEffect } from 'react';
import {
  closePicker,
  clearBookCursor,
  cycleFocus,
  focusPane,
  keepFocusVisible,
  moveBookCursor,
  movePickerSelection,
  openPicker,
  pickerChoice,
  setNotice,
  setPickerQuery,
  setViewport,
} from '../state/actions.js';
import { requestQuit } from '../state/command-actions.js';
import { stepTimeframe, type TerminalCommands } from '../state/commands.js';
import type { PaneId, TerminalStore } from '../state/store.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { resolveKey, type Action } from './keymap.js';
import { splitKeyChunk } from './key-chunks.js';
import { computeLayout, visiblePanes } from './layout.js';
import { handleHelpKey, runLiveAction } from './live-keys.js';
import { handleTradingTabsKey } from './trading-tabs-keys.js';
import { HelpOverlay } from './panes/HelpOverlay.js';
import { applyTheme } from './theme.js';
import { applyZoom } from './zoom-layout.js';
import { BookPane } from './panes/BookPane.js';
import { ChartPane } from './panes/ChartPane.js';
import { Footer } from './panes/Footer.js';
import { MarketPicker } from './panes/MarketPicker.js';
import { StatusBar } from './panes/StatusBar.js';
import { TooSmall } from './panes/TooSmall.js';
import { TradesPane } from './panes/TradesPane.js';
import { TradingTabs } from './panes/TradingTabs.js';
import { AccountPane } from './panes/AccountPane.js';
import { OrderEntryPane } from './panes/OrderEntryPane.js';
import { PerfOverlay, usePerfOverlayToggle, type PerfProbe } from './panes/PerfOverlay.js';
import { TradingBar } from './panes/TradingBar.js';
import { handleTradingKey } from './trading-keys.js';
import { CommandsContext, StoreContext, useTerminal } from './store-context.js';

export interface AppProps {
  store: TerminalStore;
  commands: TerminalCommands;
  /** The app's frame meter for the F12 overlay (started only while the overlay is shown). */
  perf?: PerfProbe | null;
}

/** `panes`: what the unzoomed layout draws; focus keys never land elsewhere. */
function runAction(action: Action, store: TerminalStore, commands: TerminalCommands, pageRows: number, panes: readonly PaneId[]): void {
  if (runLiveAction(action, store, commands)) return;
  const state = store.getState();
  const inBook = state.focus === 'book';
  switch (action) {
    case 'quit':
      requestQuit(store, commands);
      return;
    case 'back':
      // Esc steps back one level and never quits.
      if (state.bookCursor) clearBookCursor(store);
      else if (state.notice) setNotice(store, null);
      return;
    case 'openPicker':
      openPicker(store);
      return;
    case 'focusNext':
      cycleFocus(store, 1, panes);
      return;
    case 'focusPrev':
      cycleFocus(store, -1, panes);
      return;
    case 'focusBook':
      focusPane(store, 'book', panes);
      return;
    case 'focusChart':
      focusPane(store, 'chart', panes);
      return;
    case 'focusTrades':
      focusPane(store, 'trades', panes);
      return;
    case 'focusTrading':
      focusPane(store, 'trading', panes);
      return;
    case 'up':
    case 'down':
    case 'pageUp':
    case 'pageDown':
    case 'top':
    case 'bottom': {
      if (!inBook) return;
      const step = { up: -1, down: 1, pageUp: -pageRows, pageDown: pageRows, top: -10_000, bottom: 10_000 }[action];
      moveBookCursor(store, step);
      return;
    }
    case 'timeframeDown':
    case 'timeframeUp': {
      const next = stepTimeframe(state.resolution, action === 'timeframeUp' ? 1 : -1);
      if (next !== state.resolution) {
        store.setState({ resolution: next });
        commands.setResolution(next);
      }
      return;
    }
  }
}

function handlePickerKey(store: TerminalStore, commands: TerminalCommands, input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]): void {
  const { picker } = store.getState();
  if (key.escape) {
    closePicker(store);
  } else if (key.return) {
    const choice = pickerChoice(store);
    closePicker(store);
    if (choice && choice.id !== store.getState().market?.id) {
      commands.selectMarket(choice.id);
      store.setState({ bookCursor: null, notice: `market ${choice.symbol}` });
    }
  } else if (key.upArrow) {
    movePickerSelection(store, -1);
  } else if (key.downArrow) {
    movePickerSelection(store, 1);
  } else if (key.backspace || key.delete) {
    setPickerQuery(store, picker.query.slice(0, -1));
  } else if (key.ctrl && input === 'c') {
    requestQuit(store, commands);
  } else if (input && !key.ctrl && !key.meta && !key.tab && /^[\x20-\x7e]+$/.test(input)) {
    setPickerQuery(store, picker.query + input);
  }
}

function Screen({ store, commands, perf = null }: AppProps) {
  const { cols, rows } = useTerminalSize();
  // F12: the perf line in place of the key hints (read from the raw input: Ink reports no F-keys).
  const perfOn = usePerfOverlayToggle();
  const zoomed = useTerminal((s) => s.live.zoomed);
  const base = computeLayout(cols, rows);
  const layout = applyZoom(base, zoomed);
  const panes = visiblePanes(base);
  const panesKey = panes.join(',');
  const pickerOpen = useTerminal((s) => s.picker.open);
  const helpOpen = useTerminal((s) => s.live.help.open);
  const entryOpen = useTerminal((s) => s.tradingUi.entry !== null || s.tradingUi.amend !== null);
  // Before the children render: they read the palette while rendering; the key below remounts them on a change.
  const themeName = useTerminal((s) => s.live.theme);
  applyTheme(themeName);

  useEffect(() => {
    setViewport(
      store,
      { cols, rows, tooSmall: layout.tooSmall },
      { depth: layout.depth, trades: layout.tradeRows, candles: layout.candleColumns },
    );
  }, [store, cols, rows, layout.tooSmall, layout.depth, layout.tradeRows, layout.candleColumns]);

  // A resize that hides the focused pane moves the focus to one on screen.
  useEffect(() => {
    if (panesKey !== '') keepFocusVisible(store, panesKey.split(',') as PaneId[]);
  }, [store, panesKey]);

  useInput((chunk, chunkKey) => {
    for (const { input, key } of splitKeyChunk(chunk, chunkKey)) {
      if (store.getState().picker.open) {
        handlePickerKey(store, commands, input, key);
        continue;
      }
      if (handleHelpKey(store, commands, input, key)) continue;
      if (handleTradingKey(store, commands, input, key)) continue;
      if (handleTradingTabsKey(store, commands, input, key, Math.max(1, layout.trading.height - 4))) continue;
      const action = resolveKey(input, key, store.getState().focus);
      if (action) runAction(action, store, commands, Math.max(1, layout.depth - 1), panes);
    }
  });

  if (layout.tooSmall) return <TooSmall cols={cols} rows={rows} />;
  return (
    <Box key={themeName} flexDirection="column" width={cols} height={layout.frameRows}>
      <StatusBar width={cols} rows={layout.headerRows} />
      <Box flexDirection="row" width={cols} height={layout.book.height}>
        {layout.book.width > 0 ? <BookPane width={layout.book.width} height={layout.book.height} depth={layout.depth} /> : null}
        {helpOpen ? (
          <HelpOverlay width={layout.chart.width || layout.cols} height={layout.chart.height || layout.trading.height} />
        ) : pickerOpen ? (
          <MarketPicker width={layout.chart.width} height={layout.chart.height} />
        ) : entryOpen ? (
          <OrderEntryPane width={layout.chart.width + layout.trades.width} height={layout.chart.height} />
        ) : layout.chart.width > 0 ? (
          <ChartPane width={layout.chart.width} height={layout.chart.height} />
        ) : null}
        {layout.trades.width > 0 && (!entryOpen || helpOpen || pickerOpen) ? <TradesPane width={layout.trades.width} height={layout.trades.height} rows={layout.tradeRows} /> : null}
      </Box>
      {layout.trading.height > 0 ? (
        <Box flexDirection="row" width={cols} height={layout.trading.height}>
          {layout.account.width > 0 ? <AccountPane width={layout.account.width} height={layout.account.height} /> : null}
          <TradingTabs width={layout.trading.width} height={layout.trading.height} accountLine={layout.accountLine} />
        </Box>
      ) : null}
      <TradingBar width={cols} fallback={perfOn ? <PerfOverlay width={cols} probe={perf} /> : <Footer width={cols} />} />
    </Box>
  );
}

export function App({ store, commands, perf = null }: AppProps) {
  return (
    <StoreContext.Provider value={store}>
      <CommandsContext.Provider value={commands}>
        <Screen store={store} commands={commands} perf={perf} />
      </CommandsContext.Provider>
    </StoreContext.Provider>
  );
}
