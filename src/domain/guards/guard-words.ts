// How guards say things: every refusal starts with "guard:" (the Journal and the `:` line show it as
// is), amounts in quote grouped, cents only when there are some ("12,400", "512.30").

import { moneyText } from '../trading/order-words.js';

export function guardFailure(words: string): string {
  return `guard: ${words}`;
}

/** Atoms as the guards say them: "10,000", "512.30". */
export function quoteText(atoms: bigint): string {
  return moneyText(atoms).replace(/\.00$/, '');
}
