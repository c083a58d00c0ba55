// The one grammar on every line that takes a size or a price (issue 33): algos (`:twap`, `:scale`, `:chase`),
// an order's `tp` / `sl` / `stop`, `:amend`, and `postonly` for `post`; each bad word refused by name.

import { describe, expect, it } from 'vitest';
import { parseLine } from './parse.js';

describe('parseLine: the grammar on algos, triggers and amend', () => {
  it('reads every new form', () => {
    expect(parseLine('twap buy $500 10m')).toMatchObject({ kind: 'twap', size: '$500', durationMs: 600_000 });
    expect(parseLine('twap buy 10% 10m')).toMatchObject({ kind: 'twap', size: '10%' });
    expect(parseLine('twap buy 0.5 10m limit @bid+2t')).toMatchObject({ kind: 'twap', size: '0.5', limit: '@bid+2t' });
    expect(parseLine('twap sell 0.5 10m @ask-1t')).toMatchObject({ kind: 'twap', limit: '@ask-1t' });
    expect(parseLine('twap sell 0.5 10m @66000')).toMatchObject({ kind: 'twap', limit: '66000' });
    expect(parseLine('twap buy 0.5 10m limit 67000')).toMatchObject({ limit: '67000' });
    expect(parseLine('chase buy $500')).toMatchObject({ kind: 'chase', side: 'long', size: '$500' });
    expect(parseLine('chase sell 10% max 20t')).toMatchObject({ kind: 'chase', side: 'short', size: '10%' });
    expect(parseLine('scale buy $5000 @bid-10t @bid-50t x10')).toEqual({ kind: 'scale', side: 'long', size: '$5000', from: '@bid-10t', to: '@bid-50t', count: 10 });
    expect(parseLine('scale sell 10% @ask+1% @ask+3% x5 postonly')).toMatchObject({ size: '10%', from: '@ask+1%', to: '@ask+3%', postOnly: true });
    expect(parseLine('buy 0.1 @bid sl @mark-1%')).toMatchObject({ price: '@bid', sl: '@mark-1%' });
    expect(parseLine('buy 0.1 mkt tp @last+2% sl @mark-0.5%')).toMatchObject({ tp: '@last+2%', sl: '@mark-0.5%' });
    expect(parseLine('sell 0.1 mkt stop @mid-3t')).toMatchObject({ stop: '@mid-3t', type: 'market' });
    expect(parseLine('buy 0.1 mkt sl 65000')).toMatchObject({ sl: '65000' });
    expect(parseLine('buy 10% @bid postonly')).toEqual({ kind: 'order', side: 'long', type: 'limit', size: '10%', price: '@bid', tif: 'post' });
    expect(parseLine('amend 42 @ @bid')).toEqual({ kind: 'amend', orderId: 42, price: '@bid' });
    expect(parseLine('amend 42 @bid-2t')).toEqual({ kind: 'amend', orderId: 42, price: '@bid-2t' });
    expect(parseLine('amend 42 @ 66000 size $500')).toEqual({ kind: 'amend', orderId: 42, price: '66000', size: '$500' });
    expect(parseLine('amend 42 size 1/2')).toEqual({ kind: 'amend', orderId: 42, size: '1/2' });
  });

  it.each([
    ['twap buy 1/4 10m', 'twap: size "1/4" is a fraction of the position: twap takes a size, $QUOTE or PCT%'],
    ['twap buy $abc 10m', 'twap: size "$abc" is not a number'],
    ['twap buy 0.5 10m limit @bid+2', 'twap: offset "+2" of @bid needs a unit'],
    ['twap buy 0.5 10m limit @bidx', 'twap: limit price "@bidx" is not a number'],
    ['chase buy 1/4', 'chase: size "1/4" is a fraction of the position'],
    ['chase buy x%', 'chase: size "x%" is not a number'],
    ['scale buy 1/4 @bid-10t @bid-50t x10', 'scale: size "1/4" is a fraction of the position'],
    ['scale buy 0.1 @bid-1.5t @bid-50t x10', 'scale: offset "-1.5t" of @bid: ticks are a whole number'],
    ['scale buy 0.1 @bid-10t @high x10', 'scale: to price "@high" is not a number'],
    ['buy 0.1 @bid sl @mark-1', 'buy: offset "-1" of @mark needs a unit'],
    ['buy 0.1 mkt tp @ask+x%', 'buy: offset "+x%" of @ask: percent offset "x" is not a number'],
    ['sell 0.1 mkt stop @bidx', 'sell: stop price "@" is not a number'],
    ['amend 42 @ @bid+1', 'amend: offset "+1" of @bid needs a unit'],
    ['amend 42 size 10%', 'amend: size "10%" as a percentage is not taken'],
    ['amend 42 size 5/4', 'amend: "5/4" is more than the whole position'],
    ['buy 1 mkt postonly', 'buy: a market order cannot be post-only'],
  ])('bad word named: %s', (line, message) => {
    const parsed = parseLine(line);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });
});
