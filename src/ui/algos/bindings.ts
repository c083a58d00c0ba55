// The keys of the Algos tab: pause, resume and cancel the selected algo (through TerminalActions; the
// runner journals each). A cancelled algo sends no new child; a child in flight still settles. A scaled
// order has no pause; its cancel is its open legs' (scale-cancel.ts, as `:cancel scale`).

import type { AlgoRow } from '../../domain/algos/algo-row.js';
import type { TerminalState } from '../../state/store.js';
import type { Binding, PaneScope } from '../keys/binding.js';
import { off, onTab } from '../keys/binding-helpers.js';
import { algoList } from './rows.js';
import { SCALE_NO_PAUSE } from '../../domain/algos/algo-row.js';
import { askCancelScale, scaleCancelOff } from './scale-cancel.js';

const TABS: PaneScope = ['trading'];

function selectedAlgo(state: TerminalState): AlgoRow | undefined {
  return algoList(state).selected;
}

/** Why the key cannot act on the selected algo, or null. */
function algoOff(state: TerminalState, can: (a: AlgoRow) => string | null) {
  const tab = onTab(state, ['algos']);
  if (tab) return tab;
  const a = selectedAlgo(state);
  if (!a) return off('no algo', 'no algo selected');
  const why = can(a);
  return why ? off(why, `${a.id}: ${why}`) : null;
}

const notEnded = (a: AlgoRow) => (a.status === 'ended' ? 'ended' : null);
const pausable = (a: AlgoRow) => notEnded(a) ?? (a.kind === 'scale' ? SCALE_NO_PAUSE : null);

export const ALGO_BINDINGS: readonly Binding[] = [
  {
    action: 'pauseAlgo', keys: ['S'], mode: 'panes', panes: TABS, tabs: ['algos'], description: 'pause the selected algo (no new child until resumed)', tabHint: 'pause',
    run: (ctx) => {
      const a = selectedAlgo(ctx.store.getState());
      if (a) ctx.actions.pauseAlgo(a.id);
    },
    disabledReason: (state) => algoOff(state, (a) => pausable(a) ?? (a.status === 'paused' ? 'already paused' : null)),
  },
  {
    action: 'resumeAlgo', keys: ['U'], mode: 'panes', panes: TABS, tabs: ['algos'], description: 'resume the selected paused algo', tabHint: 'resume',
    run: (ctx) => {
      const a = selectedAlgo(ctx.store.getState());
      if (a) ctx.actions.resumeAlgo(a.id);
    },
    disabledReason: (state) => algoOff(state, (a) => (a.kind === 'scale' ? SCALE_NO_PAUSE : a.status === 'paused' ? null : 'not paused')),
  },
  {
    action: 'cancelAlgo', keys: ['X'], mode: 'panes', panes: TABS, tabs: ['algos'], description: 'cancel the selected algo (no new child; one in flight still settles)', tabHint: 'cancel',
    run: (ctx) => {
      const a = selectedAlgo(ctx.store.getState());
      if (a?.kind === 'scale') askCancelScale(ctx.store, a);
      else if (a) ctx.actions.cancelAlgo(a.id);
    },
    disabledReason: (state) => algoOff(state, (a) => notEnded(a) ?? (a.kind === 'scale' ? scaleCancelOff(state, a) : null)),
  },
];
