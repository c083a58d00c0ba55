import { describe, expect, it } from 'vitest';
import { completeCommandLine } from './command-completion.js';

const choices = { orderIds: [123, 1207, 88], symbols: ['BTC', 'ETH', 'BNB'] };
const complete = (text: string) => completeCommandLine(text, choices);

describe('completeCommandLine', () => {
  it('completes the command word; an ambiguous prefix stays and lists the candidates', () => {
    expect(complete('ca')).toEqual({ text: 'cancel ', candidates: [] });
    expect(complete('am')).toEqual({ text: 'amend ', candidates: [] });
    expect(complete('c')).toEqual({ text: 'c', candidates: ['close', 'cancel'] });
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
    expect(completeCommandLine('amend 1', { orderIds: [], symbols: [] })).toEqual({ text: 'amend 1', candidates: [] });
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
    expect(complete('  ca')).toEqual({ text: '  cancel ', candidates: [] });
  });
});
