import { describe, expect, it } from 'vitest';
import type { InboundFrame } from '../../protocol/frames.js';
import { decodeInbound } from '../../protocol/decode/index.js';
import { INBOUND_EXAMPLES } from '../../protocol/decode/wire-examples.js';
import { splitByListedMarket, withListedMarketsOnly } from './listed-markets.js';

const example = (name: string): InboundFrame => decodeInbound(JSON.stringify(INBOUND_EXAMPLES.find((e) => e.name === name)!.value));

describe('rows for markets the context does not list', () => {
  it('split keeps the listed rows in order and names each unlisted market once', () => {
    const rows = [{ mkt: 1, n: 1 }, { mkt: 424242, n: 2 }, { mkt: 1, n: 3 }, { mkt: 424242, n: 4 }, { mkt: 7, n: 5 }];
    expect(splitByListedMarket(rows, (id) => id === 1)).toEqual({ listed: [rows[0], rows[2]], unlisted: [424242, 7] });
  });

  it('unlisted-market-rows-refused: orders, fills and positions of an unlisted market leave the frame, which says why', () => {
    for (const name of ['orders update', 'fills update', 'positions update']) {
      const frame = example(name) as InboundFrame & { d: { mkt: number }[] };
      const hostile = { ...frame, d: [...frame.d, { ...frame.d[0]!, mkt: 424242 }] } as InboundFrame;
      const listed = (id: number) => id === frame.d[0]!.mkt;
      const checked = withListedMarketsOnly(hostile, listed);
      expect((checked.frame as typeof frame).d).toEqual(frame.d);
      expect(checked.refused).toBe(`mt ${frame.mt}: 1 row for market 424242, which the context does not list`);
      // A frame of listed markets only passes as it is.
      expect(withListedMarketsOnly(frame, listed)).toEqual({ frame, refused: null });
    }
    const heartbeat = example('heartbeat');
    expect(withListedMarketsOnly(heartbeat, () => false)).toEqual({ frame: heartbeat, refused: null });
  });
});
