// `perpl export account` and `perpl export funding`: account events (GET /v1/trading/account-history,
// wire.md 8.4). `amount` is the balance change and includes the fee; funding rows are the events of
// type Funding (8): a positive amount was received, a negative one paid.

import { AccountEventType, AccountEventTypeName, enumName } from '../../protocol/enums.js';
import type { AccountEvent } from '../../protocol/frames.js';
import { amountCell, intCell, marketCell, placeCells, scaleOf, timeCell } from './cells.js';
import { num, text, type ExportRowSource, type MarketScales } from './row-source.js';

function eventCells(e: AccountEvent, markets: MarketScales, unlisted: (id: number) => void) {
  return { time: timeCell(e.at.t), place: placeCells(e.at), market: marketCell(scaleOf(markets, e.m, unlisted), e.m) };
}

export const accountExport: ExportRowSource = {
  kind: 'account',
  columns: [
    text('time'), num('block'), num('tx'), text('txid'), num('account'), text('event'), text('market'), num('request_id'),
    num('order_id'), num('position_id'), num('amount'), num('fee'), num('builder_fee'), num('balance'), num('locked'),
  ],
  async rows(reader, markets, unlisted) {
    return (await reader.records('account-history')).map((e) => {
      const c = eventCells(e, markets, unlisted);
      return [
        c.time, ...c.place, intCell(e.id), enumName(AccountEventTypeName, e.et), c.market, intCell(e.r), intCell(e.o), intCell(e.p),
        amountCell(e.a), amountCell(e.f), amountCell(e.bfa ?? '0'), amountCell(e.b), amountCell(e.lb),
      ];
    });
  },
};

export const fundingExport: ExportRowSource = {
  kind: 'funding',
  columns: [text('time'), num('block'), num('tx'), text('txid'), num('account'), text('market'), num('position_id'), num('amount'), num('balance')],
  async rows(reader, markets, unlisted) {
    const events = (await reader.records('account-history')).filter((e) => e.et === AccountEventType.Funding);
    return events.map((e) => {
      const c = eventCells(e, markets, unlisted);
      return [c.time, ...c.place, intCell(e.id), c.market, intCell(e.p), amountCell(e.a), amountCell(e.b)];
    });
  },
};
