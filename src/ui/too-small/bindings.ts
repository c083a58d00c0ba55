// The too-small screen's one key of its own: quit (the panes' panic chord also acts here, keys/dispatch.ts).

import { requestQuit } from '../confirm/quit.js';
import type { Binding } from '../keys/binding.js';

export const TOO_SMALL_BINDINGS: readonly Binding[] = [
  { action: 'quit', keys: ['q', 'C-c'], mode: 'too-small', fixed: true, description: 'quit (asks when orders are open or in flight)', hint: 'quit', run: (ctx) => requestQuit(ctx.store, ctx.actions) },
];
