// What the app sent, read from its order journal: the engine writes every order request to
// $PERPL_HOME/journal/*.ndjson (fsynced) before the frame leaves, from within the key handler that sends
// it. So once a test has a positive sign that its keys were handled (their own effect, or a sentinel's),
// the journal says for certain whether any of them sent something: no waiting for a reply that may be late.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Journal } from '../../src/client/trading/journal.js';

export interface JournaledRequest {
  rq: number;
  label: string;
}

/** Every order request the app journaled under `home`, oldest first. */
export function journaledRequests(home: string): JournaledRequest[] {
  const dir = join(home, 'journal');
  if (!existsSync(dir)) return [];
  const out: JournaledRequest[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ndjson')).sort()) {
    for (const r of Journal.read(join(dir, name))) if (r.k === 'request') out.push({ rq: r.rq, label: r.label });
  }
  return out;
}

/**
 * Runs `act` and fails if the app journaled an order request meanwhile. `act` must end on a positive sign
 * that everything it typed was handled (wait for its effect, or a sentinel's), or this proves nothing.
 */
export async function expectNothingSent(home: string, act: () => Promise<void>): Promise<void> {
  const before = journaledRequests(home).length;
  await act();
  const sent = journaledRequests(home).slice(before);
  if (sent.length > 0) throw new Error(`expected nothing sent, but the app journaled: ${sent.map((r) => `rq ${r.rq} ${r.label}`).join('; ')}`);
}
