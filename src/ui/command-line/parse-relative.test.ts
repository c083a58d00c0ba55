// The `:` line's relative words (issue 33): prices @bid/@ask/@mid/@mark/@last with offsets, sizes as a
// fraction of the position, `risk QUOTE sl PRICE`, `sl be`; each bad word refused by name.

import { describe, expect, it } from 'vitest';
import { parseLine } from './parse.js';

describe('parseLine: relative prices and sizes', () => {
  it('reads every relative form', () => {
    expect(parseLine('buy 0.1 @bid-2t post')).toEqual({ kind: 'order', side: 'long', type: 'limit', size: '0.1', price: '@bid-2t', tif: 'post' });
    expect(parseLine('sell 0.1 @ ask+3t')).toMatchObject({ price: '@ask+3t' });
    expect(parseLine('buy 10% @mid')).toMatchObject({ size: '10%', price: '@mid' });
    expect(parseLine('buy $500 @mark+0.1%')).toMatchObject({ size: '$500', price: '@mark+0.1%' });
    expect(parseLine('sell 0.1 @last')).toMatchObject({ price: '@last' });
    expect(parseLine('sell 1/4 ro mkt')).toMatchObject({ size: '1/4', reduceOnly: true, type: 'market' });
    expect(parseLine('sell 1/4 @ask ro')).toMatchObject({ size: '1/4', price: '@ask', reduceOnly: true });
    expect(parseLine('buy risk 100 sl 65000 @ 66000')).toEqual({ kind: 'order', side: 'long', type: 'limit', size: '', risk: '100', price: '66000', sl: '65000', tif: 'gtc' });
    expect(parseLine('sell risk 50 sl 68000 mkt')).toMatchObject({ side: 'short', type: 'market', risk: '50', sl: '68000', size: '' });
    expect(parseLine('buy risk 100 sl 65000 @bid')).toMatchObject({ risk: '100', price: '@bid' });
    expect(parseLine('close 1/4')).toEqual({ kind: 'close', symbol: '', bps: 2_500, fraction: { numerator: 1n, denominator: 4n } });
    expect(parseLine('close BTC 1/3')).toEqual({ kind: 'close', symbol: 'BTC', bps: 3_333, fraction: { numerator: 1n, denominator: 3n } });
    expect(parseLine('sl be')).toEqual({ kind: 'breakeven-stop' });
    expect(parseLine('sl breakeven last')).toEqual({ kind: 'breakeven-stop', on: 'last' });
    // "mark" / "last" alone still say which price fires a trigger.
    expect(parseLine('buy 1 mkt sl 65000 last')).toMatchObject({ on: 'last', sl: '65000' });
  });

  it.each([
    ['buy 1 @bid-2', 'buy: offset "-2" of @bid needs a unit: ticks (-2t) or percent (-0.1%)'],
    ['buy 1 @bid-1.5t', 'ticks are a whole number'],
    ['buy 1 @mark+x%', 'percent offset "x" is not a number'],
    ['buy 1 @ bidx', 'price "bidx" is not a number'],
    ['buy 1 mkt @bid', 'a market order takes no "@ PRICE"'],
    ['sell 5/4 mkt ro', 'sell: "5/4" is more than the whole position'],
    ['sell 0/4 mkt ro', 'is none of the position'],
    ['sell 1/0 mkt ro', 'cannot divide by 0'],
    ['sell a/4 mkt', 'is not a fraction of the position'],
    ['buy risk', 'buy: missing risk'],
    ['buy risk abc sl 1 mkt', 'buy: risk "abc" is not a number'],
    ['buy risk 100 mkt', 'needs the stop it is measured to: sl PRICE'],
    ['buy risk 100 sl 65000 mkt ro', '"risk" sizes an opening order'],
    ['buy risk 100 sl 65000 stop 67000 mkt', '"risk" sizes a limit or market order, not a stop'],
    ['buy 1 mkt sl be', '"sl be" moves a position\'s stop: type it alone (:sl be)'],
    ['sl', 'sl: say "be" for break-even'],
    ['sl 65000', 'sl: say "be" for break-even, not "65000"'],
    ['sl be now', 'sl: unexpected "now"'],
    ['sl be last extra', 'sl: unexpected "extra"'],
    ['close 1/0', 'close: "1/0": a fraction cannot divide by 0'],
    ['close BTC 3/2', 'close: "3/2" is more than the whole position'],
  ])('refuses %j with a clear message', (text, message) => {
    const parsed = parseLine(text);
    expect(parsed.kind).toBe('error');
    if (parsed.kind === 'error') expect(parsed.message).toContain(message);
  });
});
