// mt 20 WalletUpdate, which live documents and the local exchange now sends when the wallet transacts: the
// client applies it (the wallet's transaction count moves) and never counts it as a bad frame.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimHandle, TraderPool, startTestSim, until } from './harness.js';

let h: SimHandle;
beforeAll(async () => {
  h = await startTestSim();
});
afterAll(async () => {
  await h?.stop();
});
const traders = new TraderPool();

describe('wallet updates', () => {
  it('wallet-update-applied-not-bad: a deposit moves the wallet nonce the client shows; no frame is counted bad', async () => {
    const t = await traders.start(h);
    try {
      const before = t.session.state.walletNonce;
      expect(before).toBeGreaterThan(0);
      const balance = BigInt(t.session.state.account!.b);
      h.sim.control.engine.deposit(t.accountId, '7000000');
      await until(() => (t.session.state.walletNonce === before! + 1 ? true : undefined), 'the wallet update');
      await until(() => (BigInt(t.session.state.account!.b) === balance + 7_000_000n ? true : undefined), 'the deposit on the account');
      expect(t.session.malformedFrames).toBe(0);
    } finally {
      await traders.stopAll();
    }
  });
});
