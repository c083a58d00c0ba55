// The confirm's question drawn at the bottom from its view at 80 and 200 columns: the whole question on one
// line where it fits, else wrapped over lines, never cut, the keys (what y does, that any other key cancels) last.

import { Box } from 'ink';
import { render } from 'ink-testing-library';
import { frameText } from '../../../test/helpers/ink-frame.js';
import { describe, expect, it } from 'vitest';
import type { OrderRowView } from '../../domain/trading/views.js';
import type { ConfirmPrompt } from '../../state/trading-slice.js';
import { LONG, setupEntry, stopLoss } from '../order-entry/protection.fixtures.js';
import { pressPanicKey } from '../panic/flow.js';
import { askCancel } from '../open-orders/flow.js';
import { ConfirmLine } from './ConfirmLine.js';

function frameOf(prompt: ConfirmPrompt, cols: number): string {
  const { lastFrame, unmount } = render(
    <Box width={cols}>
      <ConfirmLine prompt={prompt} width={cols} />
    </Box>,
  );
  const frame = frameText(lastFrame());
  unmount();
  return frame;
}

const takeProfit: OrderRowView = { ...stopLoss(700_000, 11), triggerCondition: 3 };

/** A BTC long with its SL at 66,000 and TP at 70,000, and nothing else open. */
function held() {
  const { store } = setupEntry({}, [LONG], [stopLoss(660_000), takeProfit]);
  return store;
}

describe('the confirm on the bottom line', () => {
  it('panic-question-keys-kept-at-80: !! asks with its counts; at 80 columns the question wraps, y kept', () => {
    const store = held();
    pressPanicKey(store, 1_000);
    pressPanicKey(store, 1_100);
    const prompt = store.getState().tradingUi.confirm;
    if (!prompt) throw new Error('!! asked nothing');
    expect(frameOf(prompt, 200)).toBe('PANIC: cancel 2 orders and close 1 positions at market?  y yes   any other key cancels');
    const narrow = frameOf(prompt, 80);
    for (const line of narrow.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(narrow).toBe('PANIC: cancel 2 orders and close 1 positions at market?\ny yes   any other key cancels');
  });

  it('cancel-all-question-names-the-tpsl-on-screen: A says which stop and take-profit go, whole at 200 and at 80, keys kept', () => {
    const store = held();
    askCancel(store, 'all');
    const prompt = store.getState().tradingUi.confirm;
    if (!prompt) throw new Error('A asked nothing');
    expect(frameOf(prompt, 200)).toBe('cancel every open order in every market, including SL 66,000 and TP 70,000 of the BTC long?  y yes   any other key cancels');
    const narrow = frameOf(prompt, 80);
    for (const line of narrow.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(narrow.startsWith('cancel every open order in every market')).toBe(true);
    expect(narrow.endsWith('  y yes   any other key cancels')).toBe(true);
    expect(narrow.replace(/\s+/g, ' ')).toContain('including SL 66,000 and TP 70,000 of the BTC long?');
  });
});
