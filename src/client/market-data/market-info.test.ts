// The session's facts of a market come from the context: the latest funding event it carries is kept as
// contextFunding, so the header has a rate before the stream reports any (issue 14 item 9).

import { describe, expect, it } from 'vitest';
import type { Context, FundingEvent } from '../../protocol/frames.js';
import { testContext } from '../../../test/market-data/scripted-server.js';
import { marketInfo } from './market-info.js';

const event: FundingEvent = { at: { b: 990, t: 1_790_000_000_000 }, feb: 990, rate: 40, idx: 1, ppl: 0, sum: 0, div: 1 };

describe('marketInfo', () => {
  it('context-funding-kept: the funding event the context lists for the market is the session\'s contextFunding', () => {
    const base = testContext();
    const context: Context = { ...base, markets: base.markets.map((m) => (m.id === 1 ? { ...m, funding: event } : m)) };
    expect(marketInfo(context, 1).contextFunding).toBe(event);
    // A market the context lists without one has none (the header says "—" until the stream reports one).
    expect(marketInfo(context, 20).contextFunding).toBeUndefined();
  });
});
