import { describe, expect, it } from 'vitest';
import { completeLine, ORDER_WORDS } from './completion.js';
import { parseLine } from './parse.js';

const choices = { orderIds: [123, 1207, 88], symbols: ['BTC', 'ETH', 'BNB'] };
const complete = (text: string) => completeLine(text, choices);

describe('completeLine', () => {
  it('completes the command word; an ambiguous prefix stays and lists the candidates', () => {
    expect(complete('ca')).toEqual({ text: 'cancel ', candidates: [] });
    expect(complete('am')).toEqual({ text: 'amend ', candidates: [] });
    expect(complete('c')).toEqual({ text: 'c', candidates: ['chase', 'close', 'cancel'] });
    expect(complete('al')).toEqual({ text: 'alert', candidates: ['alert', 'alerts'] });
    expect(complete('xyz')).toEqual({ text: 'xyz', candidates: [] });
  });

  it('completes an open order id after cancel / amend / change, to the common prefix when several match', () => {
    expect(complete('cancel 8')).toEqual({ text: 'cancel 88 ', candidates: [] });
    expect(complete('cancel 1')).toEqual({ text: 'cancel 12', candidates: ['123', '1207'] });
    expect(complete('amend 120')).toEqual({ text: 'amend 1207 ', candidates: [] });
    expect(complete('change 12')).toEqual({ text: 'change 12', candidates: ['123', '1207'] });
    expect(complete('cancel a')).toEqual({ text: 'cancel all ', candidates: [] });
    expect(complete('cancel ').candidates).toEqual(['123', '1207', '88', 'all']);
    // No open orders: nothing to offer, the text stays.
    expect(completeLine('amend 1', { orderIds: [], symbols: [] })).toEqual({ text: 'amend 1', candidates: [] });
  });

  it('scale-words-complete: the side after scale, its options after the prices, `cancel scale` only with a group open', () => {
    expect(complete('scale b')).toEqual({ text: 'scale buy ', candidates: [] });
    expect(complete('scale buy 0.5 66000 65000 x10 sk')).toEqual({ text: 'scale buy 0.5 66000 65000 x10 skew ', candidates: [] });
    expect(complete('cancel s')).toEqual({ text: 'cancel s', candidates: [] });
    expect(completeLine('cancel s', { ...choices, hasGroups: true })).toEqual({ text: 'cancel scale ', candidates: [] });
  });

  it('completes markets (any case), timeframes, themes and bell; later words and unknown commands stay', () => {
    expect(complete('market e')).toEqual({ text: 'market ETH ', candidates: [] });
    expect(complete('m b')).toEqual({ text: 'm b', candidates: ['BTC', 'BNB'] });
    expect(complete('close bt')).toEqual({ text: 'close BTC ', candidates: [] });
    expect(complete('tf 4')).toEqual({ text: 'tf 4h ', candidates: [] });
    expect(complete('theme co')).toEqual({ text: 'theme colorblind ', candidates: [] });
    expect(complete('bell of')).toEqual({ text: 'bell off ', candidates: [] });
    expect(complete('amend 123 @ 6')).toEqual({ text: 'amend 123 @ 6', candidates: [] });
    expect(complete('buy 1')).toEqual({ text: 'buy 1', candidates: [] });
    expect(complete('lev 5')).toEqual({ text: 'lev 5', candidates: [] });
    expect(complete('  ca')).toEqual({ text: '  cancel ', candidates: [] });
  });

  it('order-words-complete-after-the-size: stop and ro and every word of the order grammar, where a word goes', () => {
    // After the size: every word, in the usage's order.
    expect(complete('buy 0.1 ').candidates).toEqual(['@', 'mkt', 'stop', 'ro', 'post', 'ioc', 'fok', 'slip', 'tp', 'sl', 'lev']);
    expect(complete('buy 0.1 st')).toEqual({ text: 'buy 0.1 stop ', candidates: [] });
    expect(complete('sell 50% mkt r')).toEqual({ text: 'sell 50% mkt ro ', candidates: [] });
    expect(complete('buy $500 m')).toEqual({ text: 'buy $500 mkt ', candidates: [] });
    expect(complete('buy 0.1 s')).toEqual({ text: 'buy 0.1 s', candidates: ['stop', 'slip', 'sl'] });
    expect(complete('long 0.1 mkt t')).toEqual({ text: 'long 0.1 mkt tp ', candidates: [] });
    expect(complete('BUY 0.1 MKT ST')).toEqual({ text: 'BUY 0.1 MKT stop ', candidates: [] });
    // The parser's other spellings, when no word of the usage matches.
    expect(complete('buy 0.1 mar')).toEqual({ text: 'buy 0.1 market ', candidates: [] });
    expect(complete('sell 0.1 mkt red')).toEqual({ text: 'sell 0.1 mkt reduce ', candidates: [] });
  });

  it('order-words-not-where-a-number-goes: none in the size, nor after @ / stop / tp / sl / slip / lev', () => {
    expect(complete('buy ')).toEqual({ text: 'buy ', candidates: [] });
    expect(complete('buy s')).toEqual({ text: 'buy s', candidates: [] });
    for (const word of ['@', 'stop', 'tp', 'sl', 'slip', 'lev']) {
      expect(complete(`buy 0.1 mkt ${word} `), word).toEqual({ text: `buy 0.1 mkt ${word} `, candidates: [] });
      expect(complete(`buy 0.1 mkt ${word} s`), word).toEqual({ text: `buy 0.1 mkt ${word} s`, candidates: [] });
    }
    // After the number, words again: "@67000" is the word and its price in one.
    expect(complete('buy 0.1 @ 67000 st')).toEqual({ text: 'buy 0.1 @ 67000 stop ', candidates: [] });
    expect(complete('buy 0.1 @67000 st')).toEqual({ text: 'buy 0.1 @67000 stop ', candidates: [] });
    expect(complete('sell 0.1 @ 66000 stop 66500 r')).toEqual({ text: 'sell 0.1 @ 66000 stop 66500 ro ', candidates: [] });
    // Other commands take no words there.
    expect(complete('close BTC 5')).toEqual({ text: 'close BTC 5', candidates: [] });
    expect(complete('cancel 88 a')).toEqual({ text: 'cancel 88 a', candidates: [] });
  });

  it('order-words-not-offered-twice-or-refused-together: a word given, or one the parser refuses beside it, is left out', () => {
    expect(complete('buy 0.1 mkt ').candidates).toEqual(['stop', 'ro', 'ioc', 'fok', 'slip', 'tp', 'sl', 'lev']);
    expect(complete('buy 0.1 @ 67000 ').candidates).toEqual(['stop', 'ro', 'post', 'ioc', 'fok', 'tp', 'sl', 'lev']);
    expect(complete('sell 0.1 mkt ro ').candidates).toEqual(['stop', 'ioc', 'fok', 'slip', 'lev']);
    expect(complete('buy 0.1 mkt tp 69000 ').candidates).toEqual(['stop', 'ioc', 'fok', 'slip', 'sl', 'lev', 'last', 'mark']);
    expect(complete('buy 0.1 @ 67000 stop 66000 ').candidates).toEqual(['ro', 'ioc', 'tp', 'sl', 'lev', 'last', 'mark']);
    expect(complete('buy 0.1 @ 67000 post ').candidates).toEqual(['ro', 'tp', 'sl', 'lev']);
  });

  it('every offered order word is one the parser takes: a line with each parses as an order', () => {
    const lines: Record<string, string> = {
      '@': 'buy 0.1 @ 67000', mkt: 'buy 0.1 mkt', stop: 'buy 0.1 mkt stop 68000', ro: 'sell 0.1 mkt ro', post: 'buy 0.1 @ 67000 post', ioc: 'buy 0.1 mkt ioc',
      fok: 'buy 0.1 @ 67000 fok', slip: 'buy 0.1 mkt slip 50', tp: 'buy 0.1 mkt tp 69000', sl: 'buy 0.1 mkt sl 65000', lev: 'buy 0.1 mkt lev 5',
    };
    expect(Object.keys(lines)).toEqual([...ORDER_WORDS]);
    for (const [word, line] of Object.entries(lines)) expect(parseLine(line).kind, `${word}: ${line}`).toBe('order');
  });

  it('trigger-source-words-after-a-trigger: last / mark once a stop, tp or sl is given, one of them only, and each parses', () => {
    expect(complete('buy 0.1 mkt ').candidates).not.toContain('last');
    expect(complete('buy 0.1 mkt stop 68000 la')).toEqual({ text: 'buy 0.1 mkt stop 68000 last ', candidates: [] });
    expect(complete('buy 0.1 mkt sl 65000 ma')).toEqual({ text: 'buy 0.1 mkt sl 65000 mark ', candidates: [] });
    expect(complete('buy 0.1 mkt stop 68000 last ').candidates).not.toContain('mark');
    expect(complete('buy 0.1 mkt stop 68000 last ').candidates).not.toContain('last');
    for (const line of ['buy 0.1 mkt stop 68000 last', 'sell 0.1 @ 66000 stop 66500 mark', 'buy 0.1 mkt tp 69000 sl 65000 last']) {
      expect(parseLine(line).kind, line).toBe('order');
    }
  });

  it('amend-words-after-the-id: @ and size, each once, none where the number goes', () => {
    expect(complete('amend 123 ').candidates).toEqual(['@', 'size']);
    expect(complete('amend 123 s')).toEqual({ text: 'amend 123 size ', candidates: [] });
    expect(complete('amend 123 @ 66000 ')).toEqual({ text: 'amend 123 @ 66000 size ', candidates: [] });
    expect(complete('amend 123 @66000 s')).toEqual({ text: 'amend 123 @66000 size ', candidates: [] });
    expect(complete('amend 123 size ')).toEqual({ text: 'amend 123 size ', candidates: [] });
    expect(complete('amend 123 size 0.2 @ 66000 ')).toEqual({ text: 'amend 123 size 0.2 @ 66000 ', candidates: [] });
  });

  it('trail-and-chase-complete-their-words: the command, a market, the options each once, none where a value goes', () => {
    expect(complete('tr')).toEqual({ text: 'trail ', candidates: [] });
    expect(complete('trail B').candidates).toEqual(['BTC', 'BNB']);
    expect(complete('trail BTC ')).toEqual({ text: 'trail BTC ', candidates: [] });
    expect(complete('trail 1% ').candidates).toEqual(['last', 'mark', 'step']);
    expect(complete('trail ETH 1% l')).toEqual({ text: 'trail ETH 1% last ', candidates: [] });
    expect(complete('trail 1% last ')).toEqual({ text: 'trail 1% last step ', candidates: [] });
    expect(complete('trail 1% step ')).toEqual({ text: 'trail 1% step ', candidates: [] });
    expect(complete('ch')).toEqual({ text: 'chase ', candidates: [] });
    expect(complete('chase ').candidates).toEqual(['buy', 'sell', 'close']);
    expect(complete('chase buy ')).toEqual({ text: 'chase buy ', candidates: [] });
    expect(complete('chase buy 0.1 ').candidates).toEqual(['max', 'for', 'leave', 'cancel', 'lev']);
    expect(complete('chase buy 0.1 max ')).toEqual({ text: 'chase buy 0.1 max ', candidates: [] });
    expect(complete('chase buy 0.1 max 20t c')).toEqual({ text: 'chase buy 0.1 max 20t cancel ', candidates: [] });
    expect(complete('chase buy 0.1 cancel ').candidates).toEqual(['max', 'for', 'lev']);
    expect(complete('chase close 0.05 ').candidates).toEqual(['max', 'for', 'leave', 'cancel']);
    for (const line of ['trail ETH 1% last step 5', 'chase buy 0.1 max 20t cancel for 60s', 'chase close 0.05 max 10t']) expect(parseLine(line).kind, line).not.toBe('error');
  });
});
