// What the terminal says when the exchange refuses the key: the trading socket closed with 3401 (a key
// revoked, enrolled on another exchange or network, never enrolled, or signed with a clock too far off).
// One sentence everywhere it shows (the trading tabs, the lock reason an order key gives), with the
// exchange's own reason and what to do; the footer shortens it to "key refused".

/** Close code of the trading socket for a refused sign-in (wire.md 7). */
export const KEY_REFUSED_CLOSE_CODE = 3401;

export function keyRefusedMessage(reason: string): string {
  const why = reason.trim() === '' ? 'no reason given' : reason.trim();
  return `key refused by the exchange (${why}): enroll it with \`perpl keys enroll\`, or check the key file, the network and the clock`;
}
