// Issue 19, `100%` never asks for more than the exchange accepts, in the real app against the local exchange
// at 200x50 and 80x24: an account with $500 available types `:buy 100% mkt` (and at 80x24 `lev 10`); the
// exchange admits it (no AmountExceedsAvailableBalance) and fills it: the long is on the Positions tab. The
// size is reckoned as the exchange's admission reckons it (domain/trading/entry-size.ts: the market buy at
// its slippage bound, margin and fee rounded up, the per-fill slack), not at the mark.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { OrderStatus, OrderStatusReason, ScopeMask } from '../../src/protocol/enums.js';
import { writeDemoKeyFile } from '../../src/sim/server/demo-key-file.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually } from '../helpers/terminal.js';
import { runCommand } from '../helpers/trading-screen.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 120_000;
const BALANCE = '500000000'; // $500

const exchange = useScreenExchange('perpl-percent-accepted-', { blockMs: 100, seed: 83, flowStepsPerSec: 10 });

describe.each([
  [200, 50, 'buy 100% mkt'],
  [80, 24, 'buy 100% mkt lev 10'],
])('100%% of available at market (%ix%i)', (cols, rows, command) => {
  it(`hundred-percent-market-buy-accepted (${cols}x${rows}): \`:${command}\` on $500 is admitted and fills`, async () => {
    const { sim } = exchange;
    // An account of its own, $500 and nothing else: the whole of it is what 100% asks for.
    const wallet = sim.control.createWallet({ balance: BALANCE, orderForwarding: true });
    const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
    const home = mkdtempSync(join(tmpdir(), 'perpl-percent-home-'));
    onTestFinished(() => rmSync(home, { recursive: true, force: true }));
    const keyFile = writeDemoKeyFile(home, {
      api_key: key.apiKey, private_key: key.seedHex, network: 'local', chain_id: sim.chainId, scope_mask: ScopeMask.ReadTrade, expires_at: 0, rest: sim.rest, ws: sim.ws,
    });
    const r = await exchange.open(cols, rows, undefined, { keyFile, home });
    const state = () => r.app.store.getState();
    await eventually(() => state().trading.account?.available === BALANCE && state().trading.lockReason === null, EXCHANGE_MS, 'trading unlocked with $500 available');
    await r.vt.waitFor('spread ', EXCHANGE_MS);
    // The mark holds still from the review to the fill (a moving mark moves a market order's bound with it).
    sim.control.pauseFlow();
    onTestFinished(() => sim.control.resumeFlow());
    const marketId = state().market!.id;
    await eventually(() => state().header?.mark === sim.control.engine.marketState(marketId)?.mrk, EXCHANGE_MS, 'the mark on screen is the exchange\'s');

    const mark = sim.control.engine.marketState(marketId)!.mrk;
    const asks = sim.control.engine.book(marketId, 100).ask;
    await runCommand(r, command);
    await r.vt.waitFor('y/Enter send', UI_MS);
    r.vt.press('y');
    // A large order asks once more (smart confirm): yes.
    await eventually(() => {
      const ui = state().tradingUi;
      if (ui.confirm) r.vt.press('y');
      return ui.entry === null && ui.confirm === null;
    }, UI_MS, 'the order sent');

    // Admitted and filled: the exchange's own record, then the long on the Positions tab.
    const accountId = wallet.accountId!;
    await eventually(() => sim.control.engine.orderHistory(accountId).some((o) => o.st === OrderStatus.Filled || o.st === OrderStatus.Failed || o.st === OrderStatus.Canceled), EXCHANGE_MS, 'the order settled');
    const [order] = sim.control.engine.orderHistory(accountId);
    expect(order?.sr).not.toBe(OrderStatusReason.AmountExceedsAvailableBalance);
    expect(order?.st).toBe(OrderStatus.Filled);
    expect(order!.fs).toBeGreaterThan(0);
    // All of it when the book held that much within the order's slippage bound (the book is still, the flow paused).
    const bound = Math.floor((mark * 10_100) / 10_000);
    const depth = asks.filter((l) => l.p <= bound).reduce((n, l) => n + l.s, 0);
    if (depth >= order!.os) expect(order!.fs).toBe(order!.os);
    await eventually(() => state().trading.positions.length === 1, EXCHANGE_MS, 'the long');
    r.vt.press('5'); // the trading tabs on Positions
    await r.vt.waitFor('▲ LONG', UI_MS);
  }, TEST_MS);
});
