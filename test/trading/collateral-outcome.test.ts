// Adding collateral against the local exchange, which (like the live service, wire.md 8.10) credits a t 6
// and then reports it st 7 sr 32: the outcome is what the account event et 3 and the position update say,
// a real failure is a failure, and with no account event the outcome says it is unconfirmed. Never resent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderStatusReason as R, OrderType as T } from '../../src/protocol/enums.js';
import type { Market, Position } from '../../src/protocol/frames.js';
import { formatAtoms } from '../../src/ui/tabs/row-cells.js';
import { marketWords, moneyText, priceText } from '../../src/domain/trading/order-words.js';
import { positionRow } from '../../src/domain/trading/rows.js';
import { type SimHandle, type Trader, live, market, startTestSim, startTrader, until } from './harness.js';

let h: SimHandle;
let btc: Market;
beforeAll(async () => {
  h = await startTestSim();
  btc = market(h, 'BTC');
});
afterAll(async () => {
  await h?.stop();
});

async function withLong(fn: (t: Trader, pos: Position) => Promise<void>, balance?: string): Promise<void> {
  const t = startTrader(h, balance ? { balance } : {});
  try {
    await live(t);
    // 0.1 BTC at 5x: a liquidation price that 100 more collateral moves but does not remove.
    await t.commands.place({ marketId: btc.id, kind: 'market', side: 'long', size: 10_000, leverage: 500 }).outcome;
    const pos = await until(() => [...t.session.state.positions.values()].find((p) => p.mkt === btc.id), 'the long');
    await fn(t, pos);
  } finally {
    t.stop();
  }
}

const ledgerCollateral = (t: Trader) => h.sim.control.engine.ledger(t.accountId).positions[0]?.c;

describe('add collateral: the outcome as it happened', () => {
  it('collateral-credited-despite-sr-32: reported from the account event and the position update, not as a failure', async () => {
    await withLong(async (t, pos) => {
      const before = BigInt(pos.c);
      const statuses: Array<[number, number | undefined]> = [];
      t.session.on({ orderUpdates: (rows) => rows.filter((r) => r.t === T.IncreasePositionCollateral).forEach((r) => statuses.push([r.st, r.sr])) });
      const handle = t.commands.addCollateral(pos.pid, '100000000');
      const out = await handle.outcome;
      // The exchange does report it st 7 sr 32 (OrderDescIdTooLow)...
      await until(() => statuses.length > 0, 'the t 6 status');
      expect(statuses).toEqual([[S.Failed, R.OrderDescIdTooLow]]);
      // ...and the outcome is the credit, with the figures the position row shows now.
      expect(out.ok).toBe(true);
      expect(out.results[0]?.kind).toBe('credited');
      expect(handle.rqs()).toHaveLength(1);
      const now = t.session.state.positions.get(pos.pid)!;
      expect(BigInt(now.c)).toBe(before + 100_000_000n);
      expect(ledgerCollateral(t)).toBe(now.c);
      const liq = positionRow(now, btc, { state: 'unknown', reason: 'not needed for liq' }).liquidationPrice!;
      expect(out.message).toBe(`collateral +100.00 -> ${formatAtoms(now.c)}, liq ${priceText(liq, marketWords(btc, btc.id))}`);
      expect(t.engine.journalEntries().at(-1)?.text).toMatch(/^credited: 100\.00 to position \d+ \(account event et 3, rq \d+\)$/);
    });
  });

  it('collateral-failure-reported-as-failure: more than the free balance fails, nothing is credited', async () => {
    await withLong(async (t, pos) => {
      const free = BigInt(t.session.state.account!.b) - BigInt(t.session.state.account!.lb);
      const asked = free + 1_000_000n;
      const out = await t.commands.addCollateral(pos.pid, asked.toString()).outcome;
      expect(out.ok).toBe(false);
      // The amount as the confirm and the Journal said it: to the cent, or whole when finer (never rounded).
      const said = moneyText(asked).replace(/\./, '\\.');
      expect(out.message).toMatch(new RegExp(`^collateral \\+${said}: failed: AmountExceedsAvailableBalance \\(rq \\d+\\)$`));
      expect(ledgerCollateral(t)).toBe(pos.c);
    }, '2000000000');
  });

  it('collateral-unconfirmed-without-account-event: a request the forwarder dropped is unconfirmed, and never resent', async () => {
    await withLong(async (t, pos) => {
      const engine = h.sim.control.engine;
      const admit = engine.admit.bind(engine);
      // Acked (code 0) and then never executed: what wire.md 8.9 calls a forwarder drop.
      engine.admit = (address, req, head) => (req.t === T.IncreasePositionCollateral ? { code: 0 } : admit(address, req, head));
      try {
        const handle = t.commands.addCollateral(pos.pid, '5000000');
        const out = await handle.outcome;
        expect(out.ok).toBe(false);
        expect(out.results[0]?.kind).toBe('check-position');
        expect(out.message).toMatch(/^collateral \+5\.00: not confirmed: no status and no account event et 3 for rq \d+; collateral increases are never retried/);
        expect(handle.rqs()).toHaveLength(1);
        expect(ledgerCollateral(t)).toBe(pos.c);
      } finally {
        engine.admit = admit;
      }
    });
  });
});
