// Issue 19, the order words on the `:` line, in the real app against the local exchange at 200x50 and 80x24:
// Tab after an order's size lists the words that may come next (`stop` and `ro` among them, none the parser
// would refuse beside those typed), completes one from its first letters, and offers nothing where a number
// goes (a sentinel digit typed after Tab shows the line unchanged by it).

import { describe, it } from 'vitest';
import { keysRead } from '../helpers/keys.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { KEYS } from '../helpers/terminal.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 90_000;

const exchange = useScreenExchange('perpl-command-words-', { blockMs: 100, seed: 71, flowStepsPerSec: 5 });

describe.each([
  [200, 50],
  [80, 24],
])('order words on the command line (%ix%i)', (cols, rows) => {
  it(`order-words-complete-after-the-size (${cols}x${rows}): Tab lists stop and ro after a market buy's size, completes ro, and adds nothing after stop`, async () => {
    const r = await exchange.open(cols, rows);
    const line = () => r.vt.lines().find((l) => l.startsWith(':')) ?? '';
    await r.vt.waitFor('spread ', EXCHANGE_MS);
    r.vt.press(':');
    await r.vt.waitFor(':█', UI_MS);
    await r.vt.type('buy 0.01 mkt ');
    await keysRead(r.vt);
    r.vt.press(KEYS.tab);
    // A market order: no `@`, no post; the rest in the usage's order.
    await r.vt.waitFor(() => line().startsWith(':buy 0.01 mkt █  Tab: stop  ro  ioc  fok  slip  tp  sl  lev'), UI_MS);

    await r.vt.type('r');
    await keysRead(r.vt);
    r.vt.press(KEYS.tab);
    await r.vt.waitFor(() => line().startsWith(':buy 0.01 mkt ro █'), UI_MS);
    // Reduce-only takes no tp / sl: they are not offered any more.
    r.vt.press(KEYS.tab);
    await r.vt.waitFor(() => line().startsWith(':buy 0.01 mkt ro █  Tab: stop  ioc  fok  slip  lev'), UI_MS);

    // After `stop` a price goes: Tab offers nothing; the digit typed after it lands right after the space.
    await r.vt.type('stop ');
    await keysRead(r.vt);
    r.vt.press(KEYS.tab);
    await keysRead(r.vt);
    await r.vt.type('6');
    await r.vt.waitFor(() => line().startsWith(':buy 0.01 mkt ro stop 6█') && !line().includes('Tab:'), UI_MS);
    r.vt.press(KEYS.escape);
    await r.vt.waitFor(() => line() === '', UI_MS);
  }, TEST_MS);
});
