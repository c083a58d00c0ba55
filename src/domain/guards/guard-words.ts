// How guards say things: every refusal starts with "guard:" (the Journal and the `:` line show it as
// is), amounts in quote grouped and to the cent, the cents left out when there are none ("12,400", "512.30").

import { formatAtoms } from '../../protocol/scaling.js';

export function guardFailure(words: string): string {
  return `guard: ${words}`;
}

/** Atoms as the guards say them: "10,000", "512.30". */
export function quoteText(atoms: bigint): string {
  return formatAtoms(atoms).replace(/\.00$/, '');
}
