import { describe, expect, it } from 'vitest';
import { parseLine } from './parse.js';

describe('parseLine', () => {
  it('reads the UX examples', () => {
    expect(parseLine('buy 0.01 @ 67000 post')).toEqual({ kind: 'order', side: 'long', type: 'limit', size: '0.01', price: '67000', tif: 'post' });
    expect(parseLine('sell 0.5 mkt slip 50')).toEqual({ kind: 'order', side: 'short', type: 'market', size: '0.5', tif: 'gtc', slippage: '50' });
    expect(parseLine('buy 0.2 mkt tp 69000 sl 65500')).toMatchObject({ type: 'market', tp: '69000', sl: '65500' });
    expect(parseLine('buy 1 @67000')).toMatchObject({ price: '67000' });
    expect(parseLine('close BTC')).toEqual({ kind: 'close', symbol: 'BTC', bps: 10_000 });
    expect(parseLine('close BTC 50%')).toEqual({ kind: 'close', symbol: 'BTC', bps: 5_000 });
    // Without a market: the one on screen (the command line names it before it asks).
    expect(parseLine('close')).toEqual({ kind: 'close', symbol: '', bps: 10_000 });
    expect(parseLine('close 25%')).toEqual({ kind: 'close', symbol: '', bps: 2_500 });
    expect(parseLine('cancel all')).toEqual({ kind: 'cancel-all' });
    expect(parseLine('cancel 42')).toEqual({ kind: 'cancel', orderId: 42 });
    expect(parseLine('amend 42 @ 66000')).toEqual({ kind: 'amend', orderId: 42, price: '66000' });
    expect(parseLine('amend 42 @66000 size 0.02')).toEqual({ kind: 'amend', orderId: 42, price: '66000', size: '0.02' });
    expect(parseLine('change 42 size 0.02')).toEqual({ kind: 'amend', orderId: 42, size: '0.02' });
    expect(parseLine('lev 5')).toEqual({ kind: 'lev', leverage: '5' });
    expect(parseLine('market ETH')).toEqual({ kind: 'market', symbol: 'ETH' });
    expect(parseLine('tf 5m')).toEqual({ kind: 'tf', seconds: 300 });
  });

  it.each([
    ['', 'empty command'],
    ['fly 1', 'unknown command "fly"'],
    ['buy', 'missing size'],
    ['buy abc @ 1', 'size "abc" is not a number'],
    ['buy -1 @ 1', 'size "-1" is not a number'],
    ['buy 1', '"@ PRICE"'],
    ['buy 1 @', 'missing price'],
    ['buy 1 @ x', 'price "x" is not a number'],
    ['buy 1 mkt @ 5', 'takes no "@ PRICE"'],
    ['buy 1 mkt post', 'cannot be post-only'],
    ['buy 1 @ 5 slip 10', 'market orders only'],
    ['buy 1 @ 5 banana', 'unexpected "banana"'],
    ['sell 1 mkt slip', 'missing slippage'],
    ['close BTC 150%', 'percentage'],
    ['close BTC half', 'percentage'],
    ['close BTC 0%', 'percentage'],
    ['cancel', 'say what'],
    ['cancel 1x', 'not an order id'],
    ['cancel 0', 'not an order id'],
    ['amend', 'say which order'],
    ['amend @ 66000', 'not an order id'],
    ['amend 42', 'say what changes'],
    ['amend 42 66000', 'unexpected "66000"'],
    ['amend 42 @', 'missing price'],
    ['amend 42 @ -1', 'price "-1" is not a number'],
    ['change 42 size big', 'size "big" is not a number'],
    ['amend 42 @ 1 @ 2', 'price given twice'],
    ['lev', 'lev X'],
    ['lev five', 'not a number'],
    ['tf 7m', 'tf 1m'],
    ['market', 'market SYMBOL'],
  ])('refuses %j with a clear message', (text, message) => {
    const parsed = parseLine(text);
    expect(parsed.kind).toBe('error');
    if (parsed.kind === 'error') expect(parsed.message).toContain(message);
  });
  it('a typed size is parsed for its shape only: 001 goes to the form, which refuses it (command-review-refused-keys); 0.01 and 0.5 are sizes', () => {
    expect(parseLine('buy 001 mkt')).toMatchObject({ kind: 'order', size: '001' });
    expect(parseLine('sell $0500 mkt')).toMatchObject({ kind: 'order', size: '$0500' });
    expect(parseLine('buy 0.01 mkt')).toMatchObject({ kind: 'order', size: '0.01' });
    expect(parseLine('buy 0.5 mkt')).toMatchObject({ kind: 'order', size: '0.5' });
    expect(parseLine('close BTC 050%')).toMatchObject({ kind: 'error' });
  });
});

describe('parseLine: scale', () => {
  it('reads `scale buy 0.5 66000 65000 x10 skew 2` and `cancel scale`', () => {
    expect(parseLine('scale buy 0.5 66000 65000 x10 skew 2')).toEqual({ kind: 'scale', side: 'long', size: '0.5', from: '66000', to: '65000', count: 10, skew: '2' });
    expect(parseLine('scale sell 1 70000 71000 x5 lev 3x post')).toEqual({ kind: 'scale', side: 'short', size: '1', from: '70000', to: '71000', count: 5, leverage: '3', postOnly: true });
    expect(parseLine('cancel scale')).toEqual({ kind: 'cancel-group' });
  });

  it.each([
    ['scale', 'say buy or sell'],
    ['scale hold 1 2 3 x4', 'say buy or sell, not "hold"'],
    ['scale buy abc 66000 65000 x10', 'size "abc" is not a number'],
    ['scale buy 0.5 66k 65000 x10', 'from price "66k" is not a number'],
    ['scale buy 0.5 66000 x10', 'to price "x10" is not a number'],
    ['scale buy 0.5 66000 65000', 'say how many legs'],
    ['scale buy 0.5 66000 65000 x10 x5', 'given twice'],
    ['scale buy 0.5 66000 65000 x10 skew', 'missing skew'],
    ['scale buy 0.5 66000 65000 x10 skew two', 'skew "two" is not a number'],
    ['scale buy 0.5 66000 65000 x10 banana', 'unexpected "banana"'],
  ])('scale-bad-word-named: "%s" is refused naming %s', (line, words) => {
    const parsed = parseLine(line);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(words);
  });
});
