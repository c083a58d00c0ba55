import { describe, expect, it } from 'vitest';
import { csvCell, renderCsv, renderJson } from './render.js';
import { num, text } from './row-source.js';

describe('export rendering', () => {
  it('csv-quotes-commas-quotes-and-line-breaks (RFC 4180, quotes doubled)', () => {
    expect(csvCell('a,b', text('x'))).toBe('"a,b"');
    expect(csvCell('say "hi"', text('x'))).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', text('x'))).toBe('"two\nlines"');
    expect(csvCell('plain', text('x'))).toBe('plain');
    expect(csvCell(null, text('x'))).toBe('');
  });

  it('csv-formula-injection-text-starting-with-= + - @ gets a leading quote', () => {
    for (const bad of ['=1+2', '+1', '-2+3', '@SUM(A1)', '\tx']) expect(csvCell(bad, text('x'))).toBe(`'${bad}`);
    // Still quoted when it also holds a comma.
    expect(csvCell('=HYPERLINK("http://x","y")', text('x'))).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('csv-negative-numbers-stay-numbers: a figure column is never defused', () => {
    expect(csvCell('-0.012979', num('fee'))).toBe('-0.012979');
  });

  it('renders a header and one line per row; JSON is one array, a row per line, strings and nulls', () => {
    const cols = [text('market'), num('fee')];
    expect(renderCsv(cols, [['BTC', '-0.5'], ['ETH', null]])).toBe('market,fee\nBTC,-0.5\nETH,\n');
    expect(renderJson(cols, [['BTC', '-0.5'], ['ETH', null]])).toBe('[\n{"market":"BTC","fee":"-0.5"},\n{"market":"ETH","fee":null}\n]\n');
    expect(renderJson(cols, [])).toBe('[]\n');
  });
});
