// The key thread's armed path run once before the first key, on a word, renewal, watch and holder of its own:
// the confirm key decoded and read while armed, the staged frame fired, into a send that keeps it here. The
// first order of a session otherwise runs that code cold: timed per stage on the key thread (Node 20, 300
// presses), the first press against the median one: decode 0.156 / 0.023 ms, the armed read 0.224 / 0.028, the
// fire up to the send 0.119 / 0.018. Nothing here reaches a socket: it has none.

import { StringDecoder } from 'node:string_decoder';
import { ArmWord } from '../transport/ws/arm-word.js';
import { ArmRenewal } from '../transport/ws/arm-renewal.js';
import { ArmedFrameHolder } from '../transport/ws/armed-frame.js';
import { ArmedKeyWatch } from '../ui/keys/armed-key-watch.js';

/** The frame the warm-up fires into its own send: never a real order's text. */
const WARM_FRAME = '{"warm-up":"never sent"}';

/** Runs the armed path once; returns the text its fire handed to its send (WARM_FRAME when the whole path ran). */
export function warmArmedPath(nowMs = performance.now(), nowEpochMs = performance.timeOrigin + nowMs): string | null {
  const id = 1;
  const connection = 1;
  const word = new ArmWord();
  const renewal = new ArmRenewal();
  const holder = new ArmedFrameHolder(word, renewal);
  const watch = new ArmedKeyWatch();
  holder.stage({ kind: 'stage', id, text: WARM_FRAME, connection, expiresAtEpochMs: nowEpochMs + 60_000, afterRead: 0, afterFrame: 0 });
  watch.arm(0);
  word.arm(id);
  renewal.write(id, { expiresAtEpochMs: nowEpochMs + 60_000, afterFrame: 0 });
  const raw = new StringDecoder('utf8').write(Buffer.from('y'));
  if (!watch.read(raw, nowMs)) return null;
  let sent: string | null = null;
  const fired = holder.fire(connection, nowEpochMs, (text) => {
    sent = text;
    return false;
  }, 0);
  return fired ? sent : null;
}
