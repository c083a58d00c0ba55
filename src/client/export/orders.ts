// `perpl export orders`: one row per order-history record (GET /v1/trading/order-history, wire.md 8.6):
// each status change of an order is a record of its own. Live sends an empty creation time (`c: {}`).

import { OrderFlagName, OrderStatusName, OrderStatusReasonName, OrderTypeName, enumName } from '../../protocol/enums.js';
import { formatLeverage } from '../../protocol/scaling.js';
import { amountCell, intCell, marketCell, placeCells, scaleOf, scaledCell, timeCell } from './cells.js';
import { num, text, type ExportRowSource } from './row-source.js';

export const ordersExport: ExportRowSource = {
  kind: 'orders',
  columns: [
    text('time'), num('block'), num('tx'), text('txid'), text('created'), text('market'), num('account'), num('order_id'),
    num('request_id'), text('type'), text('status'), text('reason'), text('flag'), num('price'), num('size'),
    num('filled_size'), num('avg_fill_price'), num('fee'), num('builder_fee'), num('leverage'),
  ],
  async rows(reader, markets, unlisted) {
    return (await reader.records('order-history')).map((o) => {
      const scale = scaleOf(markets, o.mkt, unlisted);
      const price = (n: number | undefined) => (n === undefined || n === 0 ? null : scaledCell(n, scale?.priceDecimals));
      return [
        timeCell(o.at.t), ...placeCells(o.at), timeCell(o.c?.t), marketCell(scale, o.mkt), intCell(o.acc), intCell(o.oid),
        intCell(o.rq), enumName(OrderTypeName, o.t), enumName(OrderStatusName, o.st),
        o.sr === undefined ? null : enumName(OrderStatusReasonName, o.sr), enumName(OrderFlagName, o.fl),
        price(o.p), scaledCell(o.os, scale?.sizeDecimals), scaledCell(o.fs, scale?.sizeDecimals), price(o.fp),
        amountCell(o.f ?? '0'), amountCell(o.bfa ?? '0'), formatLeverage(o.lv),
      ];
    });
  },
};
