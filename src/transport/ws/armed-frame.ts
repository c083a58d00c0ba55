// Both ends of an armed order frame (arm-word.ts holds the rule they share). The screen thread stages the
// exact text of an order frame (rq and sn assigned, its request line already durable in the journal) and
// arms it; the key thread holds the text and sends it on a lone `y`. The screen thread claims the word
// before each of its own sends, so the armed frame never leaves after a later request, and adopts a frame
// the key thread sent (once) instead of sending it again.

import type { ArmRenewal } from './arm-renewal.js';
import { ArmState, type ArmWord } from './arm-word.js';

/** Screen thread -> key thread: the frame to send if `id` is still armed when the key comes. */
export interface StageMessage {
  kind: 'stage';
  id: number;
  text: string;
  /** The key thread's connection number the frame belongs to: never sent on another connection. */
  connection: number;
  /** Epoch ms after which the key thread no longer fires it, unless renewed (ArmRenewal) while it stays right. */
  expiresAtEpochMs: number;
  /** Keyboard reads the screen thread had received when it armed: a read after them not yet seen there never fires it. */
  afterRead: number;
  /** Socket frames the screen thread had received when it armed: one after them, not yet seen there, holds the fire. */
  afterFrame: number;
}

/**
 * Whether a socket frame counts against an arm made before it (StageMessage.afterFrame): every frame but
 * a plain heartbeat (mt 100), which only moves the head and keeps the feed live, so it changes none of
 * the order's checks; both threads count with this one rule. Anything else, a heartbeat spelled otherwise
 * included, counts (it can only hold the key thread back, never let it send).
 */
export function holdsArm(frame: string): boolean {
  return !frame.startsWith('{"mt":100,');
}

/** What the screen thread has received from the key thread so far (it counts them as they come). */
export interface SeenCounts {
  reads: number;
  frames: number;
}

/** Key thread -> screen thread, posted before anything else that thread forwards afterwards. */
export interface FiredMessage {
  kind: 'fired';
  id: number;
  /** False when the socket refused the write (it was closing): the frame is lost like any frame in a drop. */
  written: boolean;
  atEpochMs: number;
}

/** What the screen thread does with a fired frame: mark its request sent, exactly once. */
export type Adopt = (id: number) => void;

/** The screen thread's end. */
export class ArmedFrameStage {
  private nextId = 1;
  /** The adopter of each id armed and not yet claimed idle. */
  private readonly adopters = new Map<number, Adopt>();

  constructor(
    readonly word: ArmWord,
    private readonly renewal: ArmRenewal,
    private readonly post: (m: StageMessage) => void,
    /** Keyboard reads and socket frames received on this thread so far (app/key-thread.ts counts them). */
    private readonly seen: () => SeenCounts = () => ({ reads: 0, frames: 0 }),
  ) {}

  /**
   * Arms `text` (any armed frame before it is claimed first, and adopted if it already left). Returns
   * the arm id; `adopt` runs once if the key thread sends this frame.
   */
  arm(text: string, connection: number, expiresAtEpochMs: number, adopt: Adopt): number | null {
    // A frame that already left is adopted, and nothing is armed: its key was pressed (a `y` pressed
    // again must not send its text twice).
    if (this.claim()) return null;
    const id = this.nextId++;
    this.adopters.set(id, adopt);
    // The text travels before the word says armed: the key thread can only fire an id it holds.
    const seen = this.seen();
    this.post({ kind: 'stage', id, text, connection, expiresAtEpochMs, afterRead: seen.reads, afterFrame: seen.frames });
    // claim() just left the word idle and only this thread arms, so this cannot find it fired.
    if (!this.word.arm(id)) throw new Error('armed frame: fired word after claim');
    return id;
  }

  /**
   * Before any other frame goes out on the socket, and when the armed frame stops being right (review
   * closed or changed, a check it passed changed, reconnect, expiry): after this it can no longer leave.
   * Adopts a frame that already left. True when one did.
   */
  claim(): boolean {
    const fired = this.word.claim();
    const adopters = [...this.adopters];
    this.adopters.clear();
    if (fired === null) return false;
    for (const [id, adopt] of adopters) if (id === fired) adopt(id);
    return true;
  }

  /**
   * Keeps armed `id` armed until a later expiry; false when it is no longer armed (claimed or fired: arm
   * again, or see the adoption).
   */
  renew(id: number, expiresAtEpochMs: number): boolean {
    const now = this.word.peek();
    if (now.id !== id || now.state !== ArmState.armed) return false;
    this.renewal.write(id, { expiresAtEpochMs, afterFrame: this.seen().frames });
    return true;
  }

  /** The key thread said it fired `id`: adopt it now, unless a claim already did. */
  fired(m: FiredMessage): void {
    if (this.word.peek().id === m.id) this.claim();
  }

  /** Whether a frame is armed now (a sent or withdrawn one is not). */
  get armed(): boolean {
    return this.adopters.size > 0;
  }
}

/** The key thread's end: holds the staged text and sends it on the key that fires it. */
export class ArmedFrameHolder {
  private staged: StageMessage | null = null;

  constructor(
    readonly word: ArmWord,
    private readonly renewal: ArmRenewal,
  ) {}

  stage(m: StageMessage): void {
    this.staged = m;
  }

  /**
   * The key that confirms was read on `connection` at `nowEpochMs`: sends the staged frame when its id is
   * still armed (and wins the word), on its own connection, before it expires, and no socket frame was
   * forwarded since the arm (`framesForwarded`, counted as the screen thread counts them). The fired
   * message to post, or null when nothing was sent.
   */
  fire(connection: number, nowEpochMs: number, send: (text: string) => boolean, framesForwarded: number): FiredMessage | null {
    const s = this.staged;
    if (s === null || s.connection !== connection) return null;
    // The latest renewal, else the stage's own terms (older: they can only hold the key back).
    const { expiresAtEpochMs, afterFrame } = this.renewal.read(s.id) ?? s;
    if (nowEpochMs >= expiresAtEpochMs) return null;
    // A frame forwarded since the screen thread armed or renewed (a fill, a lock) may change the order's checks: not on this key.
    if (framesForwarded !== afterFrame) return null;
    if (!this.word.fire(s.id)) return null;
    this.staged = null;
    return { kind: 'fired', id: s.id, written: send(s.text), atEpochMs: nowEpochMs };
  }
}
