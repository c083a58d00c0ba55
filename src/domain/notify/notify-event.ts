// What a desktop notification says: one event of the trading session (a fill, a trigger going off,
// liquidation near, a guard reached, an algo ended, a stop liquidation now beats, trading down), with
// a title and a body already made inert by the one sanitizer. The detector (notify-detector.ts) makes
// the session's events; a guard (another part of the app) hands its own to the notifier's notify().

import { sanitizeText } from '../../protocol/sanitize-text.js';

export const NOTIFY_KINDS = ['fill', 'trigger', 'liquidationNear', 'guard', 'algo', 'stopBeyondLiquidation', 'tradingDown'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export interface NotifyEvent {
  kind: NotifyKind;
  /** Short, one line: "perpl: fill". */
  title: string;
  /** One line: what happened, in the words the screen uses. */
  body: string;
  /** Wall-clock ms when it was seen. */
  atMs: number;
}

/** Longest title and body a notification carries: a desktop bubble shows a line or two. */
export const MAX_TITLE_CHARS = 64;
export const MAX_BODY_CHARS = 240;

/** An event with its title and body passed through the one sanitizer (no control can reach the terminal or the command). */
export function notifyEvent(kind: NotifyKind, title: string, body: string, atMs: number): NotifyEvent {
  return { kind, title: sanitizeText(title, MAX_TITLE_CHARS), body: sanitizeText(body, MAX_BODY_CHARS), atMs };
}

/** A guard reached (guards call the notifier's notify() with this): "daily loss limit reached: ...". */
export function guardEvent(reason: string, atMs: number): NotifyEvent {
  return notifyEvent('guard', 'perpl: guard reached', reason, atMs);
}
