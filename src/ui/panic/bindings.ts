// The panic key, pressed twice (the `!!` chord, panic/flow.ts): remappable as `panic`, refused while the
// session's orders are locked.

import { tradingLocks } from '../../state/trading-locks.js';
import { fromLock } from '../keys/binding-helpers.js';
import type { Binding } from '../keys/binding.js';
import { pressPanicKey } from './flow.js';

export const PANIC_BINDINGS: readonly Binding[] = [
  {
    action: 'panic', keys: ['!'], mode: 'panes', panes: 'all', description: 'panic: cancel everything and close every position (confirm)', hint: 'panic', twice: true,
    run: (ctx) => pressPanicKey(ctx.store, ctx.nowMs, ctx.keyLabel('panic').slice(0, 1)),
    disabledReason: (state) => fromLock(tradingLocks(state)[0]),
  },
];
