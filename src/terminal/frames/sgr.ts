// The one escape the frame path reads itself: SGR, ESC [ params m (colours and attributes). Every other
// escape (cursor moves, hyperlinks) sends a line down the slower, general path.

/** A unit of an SGR sequence's parameters: 0-9 and ;. */
function isSgrParam(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 59;
}

/** For the ESC at `esc`: the index of the `m` ending the SGR sequence it starts, or -1 when it starts any other escape. */
export function sgrEnd(text: string, esc: number): number {
  if (text.charCodeAt(esc + 1) !== 0x5b) return -1;
  let j = esc + 2;
  while (j < text.length && isSgrParam(text.charCodeAt(j))) j++;
  return text.charCodeAt(j) === 0x6d ? j : -1;
}
