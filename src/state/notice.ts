// The footer's notice as it stands now. "orders disabled: the trading socket is connecting" was true when
// it was written; once the lock behind it is gone the line would say the opposite of the truth, so it
// lapses by itself (a notice never needs Esc to stop misleading). So does a notice about the question on
// screen ("y arrived with the key that asked — press y again") once that question is answered or left.

import { describeLocks } from '../domain/trading/session-locks.js';
import { openQuestion } from './input-mode.js';
import type { NoticeLapse, TerminalState } from './store.js';
import { newOrderLocks, tradingLocks } from './trading-locks.js';

/** The lapse of a notice about the question on screen (null when none is asked: the notice then stays). */
export function questionLapse(state: TerminalState): NoticeLapse | null {
  const question = openQuestion(state);
  if (question === null) return null;
  return { kind: 'question-gone', question: question === 'review' ? 'review' : 'confirm', askedInRead: state.tradingUi.askedInRead };
}

function questionStillAsked(state: TerminalState, lapse: NoticeLapse & { kind: 'question-gone' }): boolean {
  const now = questionLapse(state);
  // The same kind asked in the same read: the same question (a note added to the confirm does not make it another).
  return now?.kind === 'question-gone' && now.question === lapse.question && now.askedInRead === lapse.askedInRead;
}

/** The notice's text while it is still true (its lapse has not come), else null. */
function standingNotice(state: TerminalState): string | null {
  const lapse = state.noticeLapse;
  if (state.notice === null || lapse === null) return state.notice;
  if (lapse.kind === 'question-gone') return questionStillAsked(state, lapse) ? state.notice : null;
  const locks = lapse.marketId === null ? tradingLocks(state) : newOrderLocks(state, lapse.marketId);
  return describeLocks(locks) === null ? null : state.notice;
}

/** The footer's notice now: its text while true, counted when later keys said it again ("… (×2)"). */
export function shownNotice(state: TerminalState): string | null {
  const notice = standingNotice(state);
  const again = state.noticeAgain;
  return notice !== null && again !== null && again.notice === notice ? `${notice} (×${again.times})` : notice;
}

/**
 * The count of `next` said while the same words stand on screen (setNotice): unchanged words would leave the
 * footer as it was, and a key refused twice for one reason read as ignored. Null for new words.
 */
export function saidAgain(state: TerminalState, next: string | null): TerminalState['noticeAgain'] {
  if (next === null || standingNotice(state) !== next) return null;
  const again = state.noticeAgain;
  return { notice: next, times: again !== null && again.notice === next ? again.times + 1 : 2 };
}

/**
 * The lapse of "cannot send: …" for an order in `marketId`: while a lock holds it, the notice goes with the
 * locks (a y after a reconnect must not read "disconnected" once the feed is live); any other refusal stays.
 */
export function refusalLapse(state: TerminalState, marketId: number): NoticeLapse | null {
  return describeLocks(newOrderLocks(state, marketId)) === null ? null : { kind: 'orders-enabled', marketId };
}
