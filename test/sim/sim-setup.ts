// Starting the local exchange for one test file, and the trader most socket tests sign in as.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type RunningSim, type SimOptions, type SimWallet } from '../../src/sim/index.js';
import type { TestKey } from './helpers.js';
import { marketLabel } from '../../src/domain/market-label.js';

/** A quiet local exchange in a fresh temporary home. */
export function startTestSim(options: Omit<SimOptions, 'home' | 'quiet'>): Promise<RunningSim> {
  return startSim({ like: 'classic', home: mkdtempSync(join(tmpdir(), 'perpl-sim-')), quiet: true, ...options });
}

export interface TestTrader {
  wallet: SimWallet;
  /** A read + trade key of the wallet. */
  key: TestKey;
  /** The BTC market's id. */
  btc: number;
}

/** A new funded wallet with a read + trade key, and the market it trades. */
export function newTrader(sim: RunningSim): TestTrader {
  const wallet = sim.control.createWallet();
  const key = sim.control.issueKey({ address: wallet.address, scopeMask: 3 });
  const btc = sim.control.engine.context(0, Date.now()).markets.find((m) => marketLabel(m) === 'BTC')!.id;
  return { wallet, key, btc };
}
