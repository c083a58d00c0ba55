// `perpl export fills`: one row per fill (GET /v1/trading/fills, wire.md 8.7). The fee is gross and
// signed: negative is a rebate. `order_type` is the order's type as sent (an OpenShort while long reduces
// the long: the exchange nets); what a fill did to the position is the trades export's (the ledger).

import { LiquiditySide, OrderTypeName, enumName } from '../../protocol/enums.js';
import { isBuyType } from '../../domain/trading/resting-order-effect.js';
import { amountCell, intCell, marketCell, placeCells, scaleOf, scaledCell, timeCell } from './cells.js';
import { num, text, type ExportRowSource } from './row-source.js';

export const fillsExport: ExportRowSource = {
  kind: 'fills',
  columns: [
    text('time'), num('block'), num('tx'), text('txid'), text('market'), num('account'), num('order_id'),
    text('side'), text('order_type'), text('liquidity'), num('price'), num('size'), num('fee'), num('builder_fee'),
  ],
  async rows(reader, markets, unlisted) {
    return (await reader.records('fills')).map((f) => {
      const scale = scaleOf(markets, f.mkt, unlisted);
      return [
        timeCell(f.at.t), ...placeCells(f.at), marketCell(scale, f.mkt), intCell(f.acc), intCell(f.oid),
        isBuyType(f.t) ? 'buy' : 'sell', enumName(OrderTypeName, f.t), f.l === LiquiditySide.Maker ? 'maker' : 'taker',
        scaledCell(f.p, scale?.priceDecimals), scaledCell(f.s, scale?.sizeDecimals), amountCell(f.f), amountCell(f.bfa ?? '0'),
      ];
    });
  },
};
