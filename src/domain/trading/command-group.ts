// Several commands as one (a scaled order's legs, the cancel of its group): each leg a command of its own
// (its own validation, locks, journal and execution report), the group's outcome every leg's outcome, and
// how many of them did what was asked, said in one line so a partial placement is never hidden.

import { OrderStatus } from '../../protocol/enums.js';
import type { CommandHandle, CommandOutcome, RequestResult } from './commands.js';

/** The handles as one: every rq used, and an outcome once every leg has one. */
export function groupHandle(handles: readonly CommandHandle[]): CommandHandle {
  const outcome = Promise.all(handles.map((h) => h.outcome)).then((outcomes): CommandOutcome => {
    const results = outcomes.flatMap((o) => o.results);
    return { ok: outcomes.length > 0 && outcomes.every((o) => o.ok), results, message: outcomes.map((o) => o.message).join('; ') };
  });
  return { rqs: () => handles.flatMap((h) => h.rqs()), outcome };
}

/** A cancel done: its request reached a definitive status. */
export function legCancelled(r: RequestResult): boolean {
  return r.kind === 'definitive';
}

/** A leg placed: it reached a definitive status that is not a cancel or an expiry. */
export function legPlaced(r: RequestResult): boolean {
  return r.kind === 'definitive' && r.st !== OrderStatus.Canceled && r.st !== OrderStatus.Expired;
}

/**
 * The group's outcome said as "7 of 10 legs placed: <why the first that was not>" (`verb`: placed,
 * cancelled; `isDone` the test of a leg); ok only when every leg was. `ofLegs`: the number of legs sent.
 */
export function legsOutcome(outcome: CommandOutcome, ofLegs: number, verb: string, isDone: (r: RequestResult) => boolean): CommandOutcome {
  const done = outcome.results.filter(isDone).length;
  const missed = outcome.results.find((r) => !isDone(r));
  const ok = done === ofLegs && missed === undefined;
  const message = `${done} of ${ofLegs} legs ${verb}${missed ? `: ${missed.message}` : ''}`;
  return { ...outcome, ok, message };
}
