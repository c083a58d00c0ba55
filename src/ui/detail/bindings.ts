// The detail page's keys (a Journal request's frames, :stats, :key): read-only, so j and k always scroll.

import { closeDetail } from '../../state/detail-overlay.js';
import { openHelp } from '../../state/workspace-actions.js';
import type { Binding } from '../keys/binding.js';
import { scrollDetailBy } from './flow.js';

export const DETAIL_BINDINGS: readonly Binding[] = [
  { action: 'closeDetail', keys: ['Esc', 'Enter', 'C-c', 'q'], mode: 'detail', fixed: true, description: 'close the page', hint: 'close', run: (ctx) => closeDetail(ctx.store) },
  { action: 'scrollDown', keys: ['j', 'Down'], mode: 'detail', fixed: true, description: 'scroll down', hint: 'scroll', quiet: true, run: (ctx) => scrollDetailBy(ctx, 0, 1) },
  { action: 'scrollUp', keys: ['k', 'Up'], mode: 'detail', fixed: true, description: 'scroll up', quiet: true, run: (ctx) => scrollDetailBy(ctx, 0, -1) },
  { action: 'pageDown', keys: ['PgDn', ' '], mode: 'detail', fixed: true, description: 'scroll down a page', quiet: true, run: (ctx) => scrollDetailBy(ctx, 1) },
  { action: 'pageUp', keys: ['PgUp'], mode: 'detail', fixed: true, description: 'scroll up a page', quiet: true, run: (ctx) => scrollDetailBy(ctx, -1) },
  { action: 'help', keys: ['?'], mode: 'detail', fixed: true, description: 'the keys of this page', hint: 'keys', run: (ctx) => openHelp(ctx.store, 'detail') },
];
