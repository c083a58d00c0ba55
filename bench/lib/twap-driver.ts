// The busy book with the Algos tab open and a TWAP running (issue 35): the probe starts a real TWAP the way
// a trader does, through the app's own keys (`:twap buy SIZE 10m`, Enter, `y` at its confirm), against the
// probe's exchange, then opens the Algos tab (`4` focuses the trading pane, `W`). Each step waits for the store to show it happened.

import type { Market } from '../../src/protocol/frames.js';
import { formatScaledTrim } from '../../src/protocol/scaling.js';
import type { TerminalStore } from '../../src/state/store.js';
import { sleep, waitFor } from '../../test/helpers/wait.js';
import { minimumSize, typeEachKey } from './key-driver.js';

/** The TWAP's default: a slice every 30 s over 10 minutes. */
const SLICES = 20;
const STEP_MS = 15_000;
const READ_MS = 150;

/** Starts a TWAP buy over 10 minutes (each slice twice the exchange's minimum) and opens the Algos tab on it; returns its id. */
export async function startTwapInAlgosTab(store: TerminalStore, market: Market, type: (text: string) => void): Promise<string> {
  const why = (): string => {
    const s = store.getState();
    const algo = s.algos.at(-1);
    const said = [s.notice, s.tradingUi.toasts.at(-1)?.text, s.tradingUi.confirm?.note, algo && `${algo.kind} ${algo.status}: ${algo.reason}`];
    return said.filter(Boolean).join(' / ') || 'no notice';
  };
  const bid = await waitFor(() => store.getState().book?.bids[0]?.price, 'a bid in the book', STEP_MS);
  const size = minimumSize(market, bid) * SLICES;
  await typeEachKey(type, `:twap buy ${formatScaledTrim(size, market.config.size_decimals)} 10m\r`);
  await waitFor(() => store.getState().tradingUi.confirm?.action.kind === 'twap', () => `the TWAP's confirm (${why()})`, STEP_MS);
  const running = () => store.getState().algos.find((a) => a.kind === 'twap' && a.status === 'running');
  // A trader reads the question before `y`. A `y` read in one burst with the Enter that asked (a busy event
  // loop may read both at once) does not answer: the confirm says so in its note, and `y` is pressed again.
  await sleep(READ_MS);
  await typeEachKey(type, 'y');
  const answered = await waitFor(() => running() ?? (store.getState().tradingUi.confirm?.note !== undefined && 'again'), () => `a running TWAP (${why()})`, STEP_MS);
  if (answered === 'again') {
    await sleep(READ_MS);
    await typeEachKey(type, 'y');
  }
  const twap = await waitFor(running, () => `a running TWAP (${why()})`, STEP_MS);
  // `W` is a key of the trading pane: `4` puts the focus there first, as a trader would.
  await typeEachKey(type, '4');
  await waitFor(() => store.getState().focus === 'trading', () => `the focus on the trading pane (${why()})`, STEP_MS);
  await typeEachKey(type, 'W');
  await waitFor(() => store.getState().tabs.tab === 'algos' && store.getState().focus === 'trading', () => `the Algos tab (${why()})`, STEP_MS);
  return twap.id;
}
