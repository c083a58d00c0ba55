// The lines of the workspace on the `:` line: `:theme NAME`, `:alert ...`, `:alerts`, `:ladder`, and the pages
// `:stats` (execution reports summed up) and `:key` (the API key in use). The `:` line
// (flow.ts) offers each line here first; true = handled here.

import { setNotice } from '../../state/actions.js';
import { toggleLadder } from '../../state/ladder.js';
import { describeAlert, parseAlertCommand } from '../../state/alerts.js';
import { openDetail, type DetailSubject } from '../../state/detail-overlay.js';
import { addAlert, clearAlerts, setThemeName } from '../../state/workspace-actions.js';
import { THEME_NAMES, type ThemeName } from '../../state/workspace-slice.js';
import { marketsOf, type TerminalStore } from '../../state/store.js';

/** `:stats` and `:key` open the detail page (state/detail-overlay.ts). */
const PAGES: Readonly<Record<string, DetailSubject>> = { stats: { kind: 'stats' }, key: { kind: 'key' } };

function isThemeName(name: string): name is ThemeName {
  return (THEME_NAMES as readonly string[]).includes(name);
}

/** Runs `text` when it is a line of the workspace's, reporting the outcome as the notice. */
export function runWorkspaceLine(store: TerminalStore, text: string): boolean {
  const words = text.trim().split(/\s+/);
  const name = words[0]?.toLowerCase() ?? '';
  const page = words.length === 1 && Object.hasOwn(PAGES, name) ? PAGES[name] : undefined;
  if (page) {
    openDetail(store, page);
    return true;
  }
  if (name === 'ladder' && words.length === 1) {
    toggleLadder(store);
    setNotice(store, store.getState().ladder.open ? 'ladder open in the book\'s place (L or :ladder again for the book)' : 'book back');
    return true;
  }
  if (words[0]?.toLowerCase() === 'theme') {
    const name = (words[1] ?? '').toLowerCase();
    if (words.length !== 2 || !isThemeName(name)) {
      setNotice(store, `theme: one of ${THEME_NAMES.join(', ')}`);
    } else {
      setThemeName(store, name);
      setNotice(store, `theme ${name}`);
    }
    return true;
  }
  const alert = parseAlertCommand(text);
  if (!alert) return false;
  const { alerts } = store.getState().workspace;
  switch (alert.kind) {
    case 'error':
      setNotice(store, alert.message);
      break;
    case 'list':
      setNotice(store, alerts.length === 0 ? 'no alerts' : `alerts: ${alerts.map(describeAlert).join(', ')}`);
      break;
    case 'clear':
      clearAlerts(store);
      setNotice(store, `${alerts.length} alert${alerts.length === 1 ? '' : 's'} cleared`);
      break;
    case 'add': {
      const market = marketsOf(store.getState()).resolve(alert.symbol);
      if (!market) {
        setNotice(store, `alert: unknown market ${alert.symbol}`);
        break;
      }
      // Kept under the market's own symbol (what the alert watcher reads marks by).
      const { kind: _kind, ...fields } = alert;
      addAlert(store, { ...fields, symbol: market.symbol.toUpperCase().replace(/-PERP$/, '') });
      setNotice(store, `alert set: ${describeAlert(alert)}`);
      break;
    }
  }
  return true;
}
