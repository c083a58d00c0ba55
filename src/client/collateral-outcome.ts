// The outcome of adding collateral as it happened: the engine settles a t 6 on its account event et 3
// (trading/collateral-credit.ts); this waits for the position update that follows it in the same block and
// reports the position's new collateral and liquidation price, e.g. "collateral +100.00 -> 502.28, liq 52,956"
// (money as the account panel reads it, the liq as the Journal says a price).
// Every figure comes from the exchange's frames, none is computed from what was asked.

import type { AccountEvent, Market, Position } from '../protocol/frames.js';
import { formatAtoms } from '../protocol/scaling.js';
import { marketWords, moneyText, priceText } from '../domain/trading/order-words.js';
import { positionLiquidation } from '../domain/trading/risk.js';
import { CREDIT_WAIT_BLOCKS, creditedAtoms } from './trading/collateral-credit.js';
import type { CommandOutcome } from '../domain/trading/commands.js';
import type { TradingSession } from './trading/session.js';
import type { RequestResult } from './trading/tracked-request.js';

export interface CollateralOutcomeDeps {
  session: Pick<TradingSession, 'state' | 'on'>;
  market(marketId: number): Market | undefined;
}

/** The position row is from the credit's transaction or later (or lists the credit among its events). */
function reflects(pos: Position, event: AccountEvent): boolean {
  if (event.r !== undefined && pos.e?.some((e) => e.rq === event.r)) return true;
  const [pb, eb] = [pos.at.b, event.at.b];
  if (pb === undefined || eb === undefined) return false;
  return pb > eb || (pb === eb && (pos.at.tx ?? 0) >= (event.at.tx ?? 0));
}

function describe(pos: Position, added: bigint, market: Market | undefined): string {
  const head = `collateral +${moneyText(added)} -> ${formatAtoms(pos.c)}`;
  if (!market) return head;
  // The row's own math (entry residue included), so the notice and the Positions row give one liq.
  const liq = positionLiquidation(pos, market);
  return liq === null ? head : `${head}, liq ${priceText(liq, marketWords(market, market.id))}`;
}

/** Waits (a few blocks at most) for the position to show the credit, then says what it is now. */
export function collateralOutcome(deps: CollateralOutcomeDeps, positionId: number, amount: string, result: RequestResult): Promise<CommandOutcome> {
  const asked = `collateral +${moneyText(/^\d+$/.test(amount) ? BigInt(amount) : 0n)}`;
  const credit = result.kind === 'credited' ? deps.session.state.collateralCredit(result.rq) : undefined;
  if (!credit) return Promise.resolve({ ok: false, results: [result], message: `${asked}: ${result.message}` });
  const added = creditedAtoms(credit);
  return new Promise((resolve) => {
    let blocks = 0;
    const check = (): boolean => {
      const pos = deps.session.state.positions.get(positionId);
      if (pos && !reflects(pos, credit)) return false;
      const message = pos
        ? describe(pos, added, deps.market(pos.mkt))
        : `collateral +${moneyText(added)} credited (et 3); position ${positionId} is no longer open`;
      resolve({ ok: true, results: [result], message });
      return true;
    };
    if (check()) return;
    // The position update follows the account event in the same block: it is in before that block's heartbeat.
    const stop = deps.session.on({
      heartbeat: () => {
        if (check()) return stop();
        if (++blocks < CREDIT_WAIT_BLOCKS) return;
        stop();
        resolve({ ok: true, results: [result], message: `collateral +${moneyText(added)} credited (et 3); the position update has not arrived yet` });
      },
    });
  });
}
