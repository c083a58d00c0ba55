// What `y` (and any other key) does to the one confirm is said by the context that asks: the question in the
// store carries a typed kind and its payload (state/trading-slice.ts ConfirmAction, serialisable), and the
// asking module registers that kind's answer here when it loads, beside its askConfirm. So the module that
// can ask a kind has always registered its answer, and the confirm imports no flow to know what yes does.

import type { TerminalActions } from '../../domain/terminal-actions.js';
import type { TerminalStore } from '../../state/store.js';
import type { ConfirmAction } from '../../state/trading-slice.js';

export type ConfirmKind = ConfirmAction['kind'];

export interface AnswerContext {
  store: TerminalStore;
  actions: TerminalActions;
  nowMs: number;
  /** The `y` key's time, for the execution report of what it sends. */
  keyAtMs?: number;
}

export interface ConfirmAnswer<K extends ConfirmKind> {
  /** `y`: do what the question asked. */
  yes(ctx: AnswerContext, action: Extract<ConfirmAction, { kind: K }>): void;
  /** Any other key; absent: the notice "cancelled". */
  no?(ctx: AnswerContext, action: Extract<ConfirmAction, { kind: K }>): void;
  /** A question of another kind, asked over this one, was answered: end what this one left open. */
  otherAnswered?(ctx: AnswerContext): void;
}

const answers = new Map<ConfirmKind, ConfirmAnswer<ConfirmKind>>();

/** Registers what answering a question of `kind` does (once per kind, by the module that asks it). */
export function answerConfirmWith<K extends ConfirmKind>(kind: K, answer: ConfirmAnswer<K>): void {
  answers.set(kind, answer as unknown as ConfirmAnswer<ConfirmKind>);
}

/** The registered answer of `kind`, or undefined when no module asking it was loaded. */
export function confirmAnswerOf(kind: ConfirmKind): ConfirmAnswer<ConfirmKind> | undefined {
  return answers.get(kind);
}

/** Every registered answer but that of `kind`. */
export function otherAnswers(kind: ConfirmKind): ConfirmAnswer<ConfirmKind>[] {
  return [...answers].filter(([k]) => k !== kind).map(([, a]) => a);
}
