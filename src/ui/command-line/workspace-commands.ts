// The command-line words of the workspace slice: `:theme NAME`, `:alert ...`, `:alerts`, and the pages
// `:stats` (execution reports summed up) and `:key` (the API key in use). The `:` line
// (flow.ts) offers each line here first; true = handled here.

import { describeAlert, parseAlertCommand } from '../../state/alerts.js';
import { openDetail, type DetailSubject } from '../../state/detail-overlay.js';
import { addAlert, clearAlerts, setThemeName } from '../../state/workspace-actions.js';
import { THEME_NAMES, type ThemeName } from '../../state/workspace-slice.js';
import { marketsOf, type TerminalStore } from '../../state/store.js';

export const LIVE_COMMAND_WORDS: readonly string[] = ['theme', 'alert', 'alerts', 'stats', 'key'];

/** `:stats` and `:key` open the detail page (state/detail-overlay.ts). */
const PAGES: Readonly<Record<string, DetailSubject>> = { stats: { kind: 'stats' }, key: { kind: 'key' } };

function isThemeName(name: string): name is ThemeName {
  return (THEME_NAMES as readonly string[]).includes(name);
}

/** Runs `text` when it is a live command, reporting the outcome as the notice. */
export function runWorkspaceCommandLine(store: TerminalStore, text: string): boolean {
  const words = text.trim().split(/\s+/);
  const name = words[0]?.toLowerCase() ?? '';
  const page = words.length === 1 && Object.hasOwn(PAGES, name) ? PAGES[name] : undefined;
  if (page) {
    openDetail(store, page);
    return true;
  }
  if (words[0]?.toLowerCase() === 'theme') {
    const name = (words[1] ?? '').toLowerCase();
    if (words.length !== 2 || !isThemeName(name)) {
      store.setState({ notice: `theme: one of ${THEME_NAMES.join(', ')}` });
    } else {
      setThemeName(store, name);
      store.setState({ notice: `theme ${name}` });
    }
    return true;
  }
  const alert = parseAlertCommand(text);
  if (!alert) return false;
  const { alerts, } = store.getState().workspace;
  switch (alert.kind) {
    case 'error':
      store.setState({ notice: alert.message });
      break;
    case 'list':
      store.setState({ notice: alerts.length === 0 ? 'no alerts' : `alerts: ${alerts.map(describeAlert).join(', ')}` });
      break;
    case 'clear':
      clearAlerts(store);
      store.setState({ notice: `${alerts.length} alert${alerts.length === 1 ? '' : 's'} cleared` });
      break;
    case 'add': {
      const market = marketsOf(store.getState()).resolve(alert.symbol);
      if (!market) {
        store.setState({ notice: `alert: unknown market ${alert.symbol}` });
        break;
      }
      // Kept under the market's own symbol (what the alert watcher reads marks by).
      const { kind: _kind, ...fields } = alert;
      addAlert(store, { ...fields, symbol: market.symbol.toUpperCase().replace(/-PERP$/, '') });
      store.setState({ notice: `alert set: ${describeAlert(alert)}` });
      break;
    }
  }
  return true;
}
