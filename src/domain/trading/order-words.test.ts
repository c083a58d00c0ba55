import { describe, expect, it } from 'vitest';
import { OrderStatus as S, OrderStatusReason as R } from '../../protocol/enums.js';
import { cancelWords, changeWords, closeWords, collateralWords, fillWords, placeWords, rawStatus, statusWords, triggerWords, type MarketWords } from './order-words.js';

const btc: MarketWords = { label: 'BTC', priceDecimals: 1, sizeDecimals: 5 };

describe('order words', () => {
  it('journal-says-sizes-and-prices-not-wire-integers: requests in the market\'s units and name', () => {
    expect(placeWords('limit', 'long', 2_000, 669_000, btc)).toBe('limit buy 0.02 BTC @ 66,900');
    expect(placeWords('market', 'short', 1_000, null, btc)).toBe('market sell 0.01 BTC at market');
    expect(changeWords(12, { price: 669_173 }, btc)).toBe('change BTC order 12: price 66,917.3');
    expect(changeWords(12, { size: 500 }, btc)).toBe('change BTC order 12: size 0.005 BTC');
    expect(cancelWords(12, btc)).toBe('cancel BTC order 12');
    expect(closeWords(7, 2_000, null, btc)).toBe('close 0.02 BTC of position 7 at market');
    expect(collateralWords(7, '100000000')).toBe('add 100.00 collateral to position 7');
    expect(triggerWords('stop-loss', 650_000, btc, 'position 7')).toBe('stop-loss @ 65,000 BTC for position 7');
    expect(triggerWords('take-profit', 700_000, btc, 'rq 5', 'last')).toBe('take-profit @ 70,000 BTC on last for rq 5');
  });

  it('outcomes in plain words; the wire names stay available', () => {
    expect(statusWords(S.Filled, R.TakerOrderFilled)).toBe('filled, taker');
    expect(statusWords(S.Open, R.OrderPlaced)).toBe('resting');
    expect(statusWords(S.Canceled, undefined)).toBe('cancelled');
    expect(statusWords(S.Failed, R.AmountExceedsAvailableBalance)).toBe('failed: AmountExceedsAvailableBalance');
    expect(rawStatus(S.Filled, R.TakerOrderFilled)).toBe('Filled: TakerOrderFilled (43)');
  });

  it('a fill as news', () => {
    expect(fillWords(true, 2_000, 669_000, 2, btc)).toBe('bought 0.02 BTC @ 66,900, taker');
    expect(fillWords(false, 1_000, 669_173, 1, btc)).toBe('sold 0.01 BTC @ 66,917.3, maker');
  });
});
