// A tab's body selected from the store as text: the tab redraws only when what it shows changes, not on
// every store write that leaves its words as they were (a mark tick that moves nothing shown).

import { useMemo } from 'react';
import type { TerminalState } from '../../state/store.js';
import { useTerminal } from '../shell/store-context.js';
import type { TabBodyView } from './body-view.js';

// The memoised views return the same object while their slices are the same: stringified once each.
const texts = new WeakMap<TabBodyView, string>();

function asText(view: TabBodyView): string {
  let text = texts.get(view);
  if (text === undefined) {
    text = JSON.stringify(view);
    texts.set(view, text);
  }
  return text;
}

export function useTabView(select: (state: TerminalState) => TabBodyView): TabBodyView {
  const text = useTerminal((s) => asText(select(s)));
  return useMemo(() => JSON.parse(text) as TabBodyView, [text]);
}
