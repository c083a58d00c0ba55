import { describe, expect, it } from 'vitest';
import { parseLine } from './parse.js';

describe('order types on the command line', () => {
  it.each([
    ['buy $500 mkt', { side: 'long', type: 'market', size: '$500' }],
    ['sell 25% @ 67000', { side: 'short', type: 'limit', size: '25%', price: '67000' }],
    ['buy 0.01 mkt ro', { type: 'market', reduceOnly: true }],
    ['sell 50% mkt reduce', { size: '50%', reduceOnly: true }],
    ['buy 0.01 mkt stop 68000', { type: 'market', stop: '68000' }],
    ['sell 0.01 @66000 stop 66500', { type: 'limit', price: '66000', stop: '66500' }],
    ['buy 0.01 @ 67000 tp 69000 sl 65000', { tp: '69000', sl: '65000' }],
    ['buy 0.01 mkt stop 68000 last', { type: 'market', stop: '68000', on: 'last' }],
    ['sell 0.01 @ 66000 stop 66500 LAST', { price: '66000', stop: '66500', on: 'last' }],
    ['buy 0.01 mkt stop 68000 mark', { stop: '68000', on: 'mark' }],
    ['buy 0.01 mkt tp 69000 sl 65000 last', { tp: '69000', sl: '65000', on: 'last' }],
  ] as const)('parses "%s"', (line, want) => {
    expect(parseLine(line)).toMatchObject({ kind: 'order', ...want });
  });

  it.each([
    ['buy $abc mkt', 'size "$abc" is not a number'],
    ['buy %5 mkt', 'size "%5" is not a number'],
    ['buy 0.01 mkt stop', 'missing stop price'],
    ['buy 0.01 mkt stop x', 'stop price "x" is not a number'],
    ['buy 0.01 mkt ro tp 70000', 'reduce-only order takes no tp / sl'],
    ['buy 0.01 @ 1 stop 2 post', 'a stop is GTC or ioc'],
    ['buy 0.01 mkt last', '"last" says which price fires a stop, tp or sl'],
    ['buy 0.01 mkt stop 68000 last mark', 'say "last" or "mark", not both'],
  ])('refuses "%s" with a clear message', (line, message) => {
    const parsed = parseLine(line);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });
});
