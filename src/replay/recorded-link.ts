// The trading session's link in a replay: the recording plays the part of the exchange's socket. Opens,
// frames and closes are delivered as they were recorded; nothing is ever sent (no key, no sign-in, no
// order leaves a replay), and a reconnect the session asks for is not made: what followed it live (the
// close, the new connection, its snapshots) is in the recording and comes in its turn.

import type { TradingLink, TradingLinkEvents } from '../client/trading/session.js';

export class RecordedTradingLink implements TradingLink {
  private opens = 0;

  constructor(private readonly events: TradingLinkEvents) {}

  get epoch(): number {
    return this.opens;
  }

  get queuedFrames(): number {
    return 0;
  }

  start(): void {}
  stop(): void {}
  markAlive(): void {}
  forceReconnect(): void {}

  /** Read-only: nothing leaves a replay. */
  send(): boolean {
    return false;
  }

  /** A recorded connection opened. */
  open(): void {
    this.opens += 1;
    const epoch = this.opens;
    this.events.onStateChange('open', { epoch });
    this.events.onOpen({ epoch, send: () => false });
  }

  /** A recorded frame arrived at `at` (epoch ms, as recorded). */
  frame(text: string, at: number): void {
    this.events.onFrame(text, at);
  }

  /** The recorded connection ended: closed until the recording opens the next (no attempt is due). */
  close(reason: string | undefined): void {
    this.events.onStateChange('closed', { epoch: this.opens, ...(reason !== undefined ? { reason } : {}) });
  }
}
