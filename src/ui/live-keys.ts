// Keys and actions of the live slice: the help overlay's own keys, zoom and copy. App.tsx routes here
// first so its own switch stays about market data.

import { requestQuit } from '../state/command-actions.js';
import { closeHelp, openHelp, setHelpQuery, toggleZoom } from '../state/live-actions.js';
import type { CopyOutcome, TerminalCommands } from '../state/commands.js';
import type { TerminalStore } from '../state/store.js';
import { copyTextFor } from './format/copy-text.js';
import type { Action, KeyInfo } from './keymap.js';

export interface InkKey extends KeyInfo {
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
}

/** Handles a key while the help overlay is open. Returns false when the overlay is closed. */
export function handleHelpKey(store: TerminalStore, commands: TerminalCommands, input: string, key: InkKey): boolean {
  const { help } = store.getState().live;
  if (!help.open) return false;
  if (key.escape || key.return) closeHelp(store);
  else if (key.backspace || key.delete) setHelpQuery(store, help.query.slice(0, -1));
  else if (key.ctrl && input === 'c') requestQuit(store, commands);
  else if (input && !key.ctrl && !key.meta && !key.tab && /^[\x20-\x7e]+$/.test(input)) setHelpQuery(store, help.query + input);
  return true;
}

/** What the footer says after `y`: inside tmux the copy is sent but nothing can confirm it arrived. */
export function copyNotice(outcome: CopyOutcome, text: string): string {
  if (outcome === 'too-long') return 'too long to copy';
  if (outcome === 'sent-unconfirmed') return `copy sent (cannot confirm inside tmux; needs set-clipboard on): ${text}`;
  return `copied: ${text}`;
}

/** Runs the live-slice actions; returns false for actions that belong to someone else. */
export function runLiveAction(action: Action, store: TerminalStore, commands: TerminalCommands): boolean {
  const state = store.getState();
  switch (action) {
    case 'help':
      openHelp(store);
      return true;
    case 'zoom':
      toggleZoom(store, state.focus);
      return true;
    case 'copy': {
      const text = copyTextFor(state);
      if (text === null) {
        store.setState({ notice: 'nothing selected to copy' });
      } else if (commands.copyText) {
        store.setState({ notice: copyNotice(commands.copyText(text), text) });
      }
      return true;
    }
    case 'back':
      if (state.live.configNotice && !state.notice) {
        store.setState({ live: { ...state.live, configNotice: null } });
        return true;
      }
      // Esc un-zooms before anything else steps back.
      if (state.live.zoomed && !state.bookCursor) {
        toggleZoom(store, state.focus);
        return true;
      }
      return false;
    default:
      return false;
  }
}
