// A passive observer of one reconnecting socket: sees every text frame in and out, and every
// connection opening and ending, with the local time. Used by the frame recorder (`--record`).
// It gets the raw text: whoever stores it must strip secrets (the trading sign-in carries them).

export type FrameDirection = 'in' | 'out';

export interface FrameTap {
  /** One text frame: received ('in') or handed to the socket ('out'). */
  frame(dir: FrameDirection, text: string, atMs: number): void;
  /** A connection opened (epoch = successful opens so far, this one included). */
  opened?(epoch: number, atMs: number): void;
  /** A connection ended (close code, or none for a connection this side dropped). */
  closed?(code: number | undefined, reason: string, atMs: number): void;
}
