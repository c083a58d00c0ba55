// The terminal's own local exchange is announced to the commands beside it (`perpl api`, `perpl doctor`,
// `perpl keys`) through a pointer file while it runs (auth/local-exchange-pointer.ts), withdrawn when the
// exchange stops or the process exits any other way it can see (a kill -9 leaves it; readers then see the
// process is gone and ignore it).

import { removeLocalExchangePointer, writeLocalExchangePointer } from '../auth/local-exchange-pointer.js';
import { userMessage } from '../protocol/errors.js';
import type { LocalSim } from './local-exchange-thread.js';

export interface Announcement {
  /** Removes the pointer (idempotent). */
  withdraw(): void;
}

export function announceLocalExchange(env: NodeJS.ProcessEnv, sim: LocalSim, log?: (line: string) => void): Announcement {
  let path: string;
  try {
    path = writeLocalExchangePointer(env, { rest: sim.rest, ws: sim.ws, chainId: sim.chainId, keyFile: sim.demoKeyFile });
  } catch (e) {
    // The terminal works without it; only the commands beside it cannot find this exchange.
    log?.(`cannot write the local exchange's pointer file: ${userMessage(e)}`);
    return { withdraw: () => undefined };
  }
  const onExit = (): void => removeLocalExchangePointer(path);
  process.once('exit', onExit);
  return {
    withdraw() {
      process.off('exit', onExit);
      onExit();
    },
  };
}
