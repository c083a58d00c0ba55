// createTradingClient wires session, engine, commands, the journal under $PERPL_HOME and REST
// reconciliation; checked end to end against the local exchange.
import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeySigner } from '../../src/auth/signer.js';
import { createTradingClient } from '../../src/client/trading/client.js';
import { Journal, journalPath } from '../../src/client/trading/journal.js';
import { OrderStatus as S, ScopeMask } from '../../src/protocol/enums.js';
import type { Network } from '../../src/protocol/networks.js';
import { RestClient } from '../../src/transport/rest/client.js';
import { VirtualTimers } from '../helpers/virtual-timers.js';
import { type SimHandle, market, startTestSim, until } from './harness.js';

let h: SimHandle;
beforeAll(async () => {
  h = await startTestSim();
});
afterAll(async () => {
  await h?.stop();
});

describe('createTradingClient', () => {
  it('journals every request under $PERPL_HOME (0600) and resolves it', async () => {
    const wallet = h.sim.control.createWallet();
    const key = h.sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
    const signer = new ApiKeySigner({ apiKey: key.apiKey, seed: Buffer.from(key.seedHex, 'hex') }, h.sim.chainId);
    const network: Network = { name: 'local', chainId: h.sim.chainId, restBase: h.sim.rest, wsBase: h.sim.ws, appUrl: '', isMainnet: false };
    const env = { PERPL_HOME: h.home };
    const client = createTradingClient({
      network,
      signer,
      rest: new RestClient({ network, signer }),
      scopeMask: ScopeMask.ReadTrade,
      markets: () => h.context.markets,
      env,
    });
    client.start();
    try {
      await until(() => client.session.health() === 'live', 'a live feed');
      const out = await client.commands.place({ marketId: market(h, 'ETH').id, kind: 'market', side: 'short', size: 1_000, leverage: 300 }).outcome;
      expect(out.results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
      const path = journalPath('local', wallet.accountId!, env);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const records = Journal.read(path);
      expect(records.map((r) => r.k)).toEqual(expect.arrayContaining(['request', 'sent', 'ack', 'update', 'resolved']));
      const [request] = records.filter((r) => r.k === 'request');
      const [sent] = records.filter((r) => r.k === 'sent');
      // written before it was sent
      expect(records.indexOf(request!)).toBeLessThan(records.indexOf(sent!));
      expect(JSON.stringify(records)).not.toContain(key.seedHex);
      expect(JSON.stringify(records)).not.toContain(key.apiKey);
    } finally {
      client.stop();
    }
  });

  it('client-one-clock: the timers given to it time the socket and the ack timeout', async () => {
    const wallet = h.sim.control.createWallet();
    const key = h.sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
    const signer = new ApiKeySigner({ apiKey: key.apiKey, seed: Buffer.from(key.seedHex, 'hex') }, h.sim.chainId);
    const network: Network = { name: 'local', chainId: h.sim.chainId, restBase: h.sim.rest, wsBase: h.sim.ws, appUrl: '', isMainnet: false };
    const clock = new VirtualTimers(0); // far from the real time: any real clock reading would show
    const client = createTradingClient({ network, signer, scopeMask: ScopeMask.ReadTrade, markets: () => h.context.markets, journal: false, timers: clock });
    const control = h.sim.control;
    const lostBefore = control.faultLog().filter((e) => e.kind === 'lost-ack').length;
    const lostAcks = (): number => control.faultLog().filter((e) => e.kind === 'lost-ack').length - lostBefore;
    client.start();
    try {
      await until(() => client.session.health() === 'live', 'a live feed');
      expect(client.session.connectionView().lastDataAt).toBe(0); // frames stamped by the given clock
      control.setFaults({ name: 'test-lost-acks', lostAck: 1 });
      control.pauseBlocks();
      const handle = client.commands.place({ marketId: market(h, 'ETH').id, kind: 'market', side: 'short', size: 1_000, leverage: 300 });
      await until(() => lostAcks() === 1, 'the exchange to swallow the ack');
      clock.advance(2_999);
      expect(client.engine.views()[0]?.retries).toBe(0);
      clock.advance(1); // the default 3 s ack timeout, on the given clock
      expect(client.engine.views()[0]).toMatchObject({ retries: 1, lastDecision: { action: 'resend-same-rq' } });
      control.setFaults('none');
      control.resumeBlocks();
      expect((await handle.outcome).results[0]).toMatchObject({ kind: 'definitive', st: S.Filled });
      expect(control.engine.executedRequests(wallet.accountId!)).toEqual(handle.rqs());
    } finally {
      control.setFaults('none');
      control.resumeBlocks();
      client.stop();
    }
  });
});
