import { describe, expect, it } from 'vitest';
import { isPriceWordText, parsePriceWord, resolvePriceWord, type PriceReferences, type PriceWord } from './price-words.js';

const refs: PriceReferences = { bid: 669_990n, ask: 670_010n, mark: 670_000n, last: 669_995n };
const word = (text: string): PriceWord => {
  const w = parsePriceWord(text);
  if ('error' in w) throw new Error(w.error);
  return w;
};
const ticks = (text: string, side: 'long' | 'short', r: PriceReferences = refs) => {
  const got = resolvePriceWord(word(text), r, side);
  return 'error' in got ? got.error : got.ticks;
};

describe('price words (@bid @ask @mid @mark @last with offsets)', () => {
  it('reads every reference, alone and with tick and percent offsets', () => {
    expect(parsePriceWord('bid')).toEqual({ reference: 'bid', offset: null, text: 'bid' });
    expect(parsePriceWord('bid-2t')).toEqual({ reference: 'bid', offset: { unit: 'ticks', sign: -1, amount: '2' }, text: 'bid-2t' });
    expect(parsePriceWord('ASK+3t')).toEqual({ reference: 'ask', offset: { unit: 'ticks', sign: 1, amount: '3' }, text: 'ask+3t' });
    expect(parsePriceWord('mark+0.1%')).toEqual({ reference: 'mark', offset: { unit: 'percent', sign: 1, amount: '0.1' }, text: 'mark+0.1%' });
    for (const r of ['mid', 'last']) expect(parsePriceWord(r)).toMatchObject({ reference: r });
  });

  it('tells a price word from a number or another word', () => {
    expect(['bid', 'ask-1t', 'Mark+1%', 'mid', 'last'].map(isPriceWordText)).toEqual([true, true, true, true, true]);
    expect(['67000', 'x', 'bidx', 'banana-2t'].map(isPriceWordText)).toEqual([false, false, false, false]);
  });

  it.each([
    ['bib-2t', '"@bib-2t" is not a price'],
    ['bid-2', 'needs a unit: ticks (-2t) or percent (-0.1%)'],
    ['bid-t', 'ticks are a whole number'],
    ['bid-1.5t', 'ticks are a whole number'],
    ['mark+x%', 'percent offset "x" is not a number'],
    ['mark+0.00001%', 'percent offset'],
  ])('refuses %j naming the word', (text, message) => {
    const got = parsePriceWord(text);
    expect('error' in got && got.error).toContain(message);
  });

  it('resolves to exact ticks against the book, mark and last trade', () => {
    expect(ticks('bid-2t', 'long')).toBe(669_988n);
    expect(ticks('ask+3t', 'short')).toBe(670_013n);
    expect(ticks('mark', 'long')).toBe(670_000n);
    expect(ticks('last', 'short')).toBe(669_995n);
    // 670,000 x 1.001 = 670,670 exactly.
    expect(ticks('mark+0.1%', 'long')).toBe(670_670n);
  });

  it('mid-rounds-to-the-passive-side: between two ticks a buy takes the lower, a sell the higher', () => {
    const odd = { ...refs, bid: 669_990n, ask: 669_991n };
    expect(ticks('mid', 'long', odd)).toBe(669_990n);
    expect(ticks('mid', 'short', odd)).toBe(669_991n);
    expect(ticks('mid', 'long')).toBe(670_000n);
  });

  it('percent-rounds-to-the-passive-side: 669,995 x 0.999 = 669,325.005 is 669,325 for a buy, 669,326 for a sell', () => {
    expect(ticks('last-0.1%', 'long')).toBe(669_325n);
    expect(ticks('last-0.1%', 'short')).toBe(669_326n);
  });

  it('refuses with the reason when the reference is not known or the price is not above 0', () => {
    const empty: PriceReferences = { bid: null, ask: null, mark: null, last: null };
    expect(ticks('bid', 'long', empty)).toBe('@bid: no bid in the book');
    expect(ticks('ask-1t', 'long', empty)).toBe('@ask-1t: no ask in the book');
    expect(ticks('mid', 'long', { ...refs, ask: null })).toBe('@mid: no ask in the book for a mid');
    expect(ticks('mark', 'long', empty)).toBe('@mark: no mark yet');
    expect(ticks('last', 'long', empty)).toBe('@last: no trade yet for a last price');
    expect(ticks('bid-669990t', 'long')).toBe('@bid-669990t is at or below 0');
  });
});
