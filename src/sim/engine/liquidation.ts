// Liquidation: a position whose equity (collateral + uPnL at mark) falls below its maintenance
// requirement (entry notional / (maintenance_margin / 100), wire.md 8.8) is taken over by the pool;
// its collateral is lost. No trading fee is charged.

import { AccountEventType, PositionStatus, PositionStatusReason } from '../../protocol/enums.js';
import { publishPosition, recordEvent } from './accounts.js';
import type { EngineCore } from './core.js';
import { maintenanceRequirement } from './money.js';
import { closePosition, unrealizedPnl } from './positions.js';
import type { PositionRecord } from './records.js';

export function isLiquidatable(pos: PositionRecord, mark: number, scale: bigint, maintenanceMargin: number): boolean {
  const equity = pos.collateral + unrealizedPnl(pos, mark, scale);
  return equity < maintenanceRequirement(pos.entryNotional, maintenanceMargin);
}

export function runLiquidations(core: EngineCore, marketId: number, afterEach: () => void): void {
  const market = core.market(marketId);
  for (const pos of [...market.positions]) {
    if (!isLiquidatable(pos, market.mark, market.scale, market.spec.maintenanceMargin)) continue;
    core.beginTx();
    const account = core.account(pos.acc);
    const lost = pos.collateral;
    core.protocol.pool += lost;
    account.stats.realizedPnl -= lost;
    account.stats.closes += 1;
    core.out.statsChanged(account.id);
    if (pos.sd === 1) market.openInterest -= pos.size;
    const size = pos.size;
    closePosition(core, account, pos);
    recordEvent(core, account, { et: AccountEventType.Liquidation, a: 0n, f: 0n, m: marketId, p: pos.pid });
    publishPosition(core, pos, {
      st: PositionStatus.Liquidated,
      sr: PositionStatusReason.PositionLiquidated,
      exit: { xp: market.mark, xfs: market.fundingSum },
      dpnl: -lost,
      // No trading fee; like a close, the event's `fee` carries the entry fees of the size it took.
      event: { s: size, c: -lost, fee: pos.entryFees, cfee: 0n },
    });
    pos.entryFees = 0n;
    pos.collateral = 0n;
    pos.size = 0;
    pos.entryNotional = 0n;
    afterEach();
  }
}
