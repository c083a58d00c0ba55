// `:trail` and `:chase` on the `:` line: every form read as typed (numbers stay text), each bad word named.
import { describe, expect, it } from 'vitest';
import { parseLine } from './parse.js';

describe(':trail', () => {
  it.each([
    ['trail 1%', { kind: 'trail', symbol: '', distance: { unit: 'pct', value: '1' } }],
    ['trail 500', { kind: 'trail', symbol: '', distance: { unit: 'price', value: '500' } }],
    ['trail 20t', { kind: 'trail', symbol: '', distance: { unit: 'ticks', value: '20' } }],
    ['trail .5%', { kind: 'trail', symbol: '', distance: { unit: 'pct', value: '.5' } }],
    ['trail BTC 1%', { kind: 'trail', symbol: 'BTC', distance: { unit: 'pct', value: '1' } }],
    ['trail 1% last', { kind: 'trail', symbol: '', distance: { unit: 'pct', value: '1' }, on: 'last' }],
    ['TRAIL eth 2.5% mark step 10', { kind: 'trail', symbol: 'eth', distance: { unit: 'pct', value: '2.5' }, on: 'mark', step: '10' }],
  ])('trail-forms-read-as-typed: %s', (line, parsed) => {
    expect(parseLine(line)).toEqual(parsed);
  });

  it.each([
    ['trail', 'trail: missing distance'],
    ['trail BTC', 'trail: missing distance'],
    ['trail 1x', 'trail: distance "1x" is not a distance'],
    ['trail BTC abc%', 'trail: distance "abc%" is not a distance'],
    ['trail 1% soon', 'trail: unexpected "soon"'],
    ['trail 1% last mark', 'trail: say "last" or "mark", not both'],
    ['trail 1% step', 'trail: missing step'],
    ['trail 1% step fast', 'trail: step "fast" is not a number'],
    ['trail 1% step 5 step 6', 'trail: unexpected "step"'],
  ])('trail-bad-word-named: %s', (line, message) => {
    const parsed = parseLine(line);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });
});

describe(':chase', () => {
  it.each([
    ['chase buy 0.1', { kind: 'chase', side: 'long', size: '0.1' }],
    ['chase sell 0.1 max 20t', { kind: 'chase', side: 'short', size: '0.1', max: { unit: 'ticks', value: '20' } }],
    ['chase buy 0.1 max 0.5% for 60s cancel', { kind: 'chase', side: 'long', size: '0.1', max: { unit: 'pct', value: '0.5' }, durationMs: 60_000, atBound: 'cancel' }],
    ['chase buy 0.1 for 2m max 15 leave lev 3x', { kind: 'chase', side: 'long', size: '0.1', max: { unit: 'price', value: '15' }, durationMs: 120_000, atBound: 'leave', leverage: '3' }],
    ['chase close', { kind: 'chase', close: true }],
    ['chase close 0.05 max 10t', { kind: 'chase', close: true, size: '0.05', max: { unit: 'ticks', value: '10' } }],
  ])('chase-forms-read-as-typed: %s', (line, parsed) => {
    expect(parseLine(line)).toEqual(parsed);
  });

  it.each([
    ['chase', 'chase: say buy, sell or close'],
    ['chase hold 0.1', 'chase: say buy, sell or close, not "hold"'],
    ['chase buy', 'chase: missing size'],
    ['chase buy lots', 'chase: size "lots" is not a number'],
    ['chase buy 0.1 max', 'chase: missing value after "max"'],
    ['chase buy 0.1 max 20x', 'chase: max "20x" is not a distance'],
    ['chase buy 0.1 for soon', 'chase: for "soon" is not a duration'],
    ['chase buy 0.1 for 60s for 2m', 'chase: "for" given twice'],
    ['chase buy 0.1 leave cancel', 'chase: say "leave" or "cancel", once'],
    ['chase buy 0.1 quickly', 'chase: unexpected "quickly"'],
    ['chase buy 0.1 lev high', 'chase: leverage "high" is not a number'],
    ['chase close lev 3', 'chase: a close takes no "lev"'],
  ])('chase-bad-word-named: %s', (line, message) => {
    const parsed = parseLine(line);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });
});
