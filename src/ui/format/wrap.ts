// Word wrap for a message that may not fit one line (the trading tabs' empty-state text at 80 columns):
// lines of at most `width` cells, broken at spaces; a word longer than the line is cut; at most
// `maxLines` lines, the last one ending in an ellipsis when text was left over.

import { fitText } from './numbers.js';

export function wrapWords(text: string, width: number, maxLines: number): string[] {
  if (width <= 0 || maxLines <= 0) return [];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (next.length <= width) {
      line = next;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word.length <= width ? word : fitText(word, width);
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitText(`${kept[maxLines - 1]!} ${lines[maxLines]!}`, width);
  return kept;
}
