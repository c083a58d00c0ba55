// A keyboard read on the key thread while an order may be armed (transport/ws/armed-frame.ts): the lone confirm
// key of a fresh arm fires the staged frame through the send it is given. warmArmedPath runs that same code once
// before the first key, on a word, renewal, watch and holder of its own and a send that keeps the frame: the first
// order of a session otherwise runs it cold. Timed per stage on the key thread (Node 20, 300 presses), the first
// press against the median one: decode 0.156 / 0.023 ms, the armed read 0.224 / 0.028, the fire up to the send
// 0.119 / 0.018. The warm-up reaches no socket: it has none.

import { StringDecoder } from 'node:string_decoder';
import { ArmWord } from '../transport/ws/arm-word.js';
import { ArmRenewal } from '../transport/ws/arm-renewal.js';
import { ArmedFrameHolder, type FiredMessage } from '../transport/ws/armed-frame.js';
import { ArmedKeyWatch } from '../ui/keys/armed-key-watch.js';
import { epochNow } from '../lib/epoch-now.js';

/** A fired frame: what to post to the screen thread, with the text sent and when it was handed to the socket. */
export interface KeyFire {
  fired: FiredMessage;
  text: string;
  sentAtEpochMs: number;
}

/**
 * One read `raw` (read at `readAt`, performance.now): counted by `watch`, and when it is the confirm key that
 * fires and `connection` is open, the staged frame is sent through `send` if `holder` still holds it for that
 * connection (no socket frame forwarded since the arm: `framesForwarded`). Null when nothing was sent.
 */
export function fireOnRead(watch: ArmedKeyWatch, holder: ArmedFrameHolder, raw: string, readAt: number, connection: number | null, send: (text: string) => boolean, framesForwarded: number): KeyFire | null {
  if (!watch.read(raw, readAt) || connection === null) return null;
  const out = { text: '', sentAtEpochMs: 0 };
  const fired = holder.fire(
    connection,
    performance.timeOrigin + readAt,
    (text) => {
      const written = send(text);
      Object.assign(out, { text, sentAtEpochMs: epochNow() });
      return written;
    },
    framesForwarded,
  );
  return fired ? { fired, ...out } : null;
}

/** The frame the warm-up fires into its own send: never a real order's text. */
const WARM_FRAME = '{"warm-up":"never sent"}';

/** Runs fireOnRead once on its own arm; returns the text it handed to its send (WARM_FRAME when the whole path ran). */
export function warmArmedPath(): string | null {
  const id = 1;
  const connection = 1;
  const expiresAtEpochMs = epochNow() + 60_000;
  const word = new ArmWord();
  const renewal = new ArmRenewal();
  const holder = new ArmedFrameHolder(word, renewal);
  const watch = new ArmedKeyWatch();
  holder.stage({ kind: 'stage', id, text: WARM_FRAME, connection, expiresAtEpochMs, afterRead: 0, afterFrame: 0 });
  watch.arm(0);
  word.arm(id);
  renewal.write(id, { expiresAtEpochMs, afterFrame: 0 });
  const raw = new StringDecoder('utf8').write(Buffer.from('y'));
  return fireOnRead(watch, holder, raw, performance.now(), connection, () => false, 0)?.text ?? null;
}
