// Rows already formatted and coloured, drawn as one Ink text node. Ink measures the text of every text
// node on every frame with string-width, which is slow for anything but ASCII (a grapheme segmenter and
// an emoji regex per character): the chart's block glyphs and the tape's arrows cost more than the rest
// of the screen. Here Ink measures (and lays out) a blank block of the same size, and each blank line
// is replaced by its row when the frame is drawn (Ink's <Transform>, applied line by line).
// The block is one blank row and then empty lines: the same size to Yoga (its widest line, its line count)
// and the same lines to the transform, but Ink scans every text node of every frame character by
// character (its ANSI sanitizer, twice through <Transform>, and its widest-line): a whole blank block cost
// those scans over rows x width spaces, for lines it throws away.
// Contract: every row is exactly `width` terminal cells wide.

import { Text, Transform } from 'ink';
import { useCallback, useMemo } from 'react';

export interface PrebuiltLinesProps {
  lines: readonly string[];
  width: number;
}

/** `count` lines for Ink to lay out `width` cells wide: the first one blank, the others empty. */
export function blankBlock(count: number, width: number): string {
  return ' '.repeat(Math.max(0, width)) + '\n'.repeat(Math.max(0, count - 1));
}

export function PrebuiltLines({ lines, width }: PrebuiltLinesProps) {
  const blank = useMemo(() => blankBlock(lines.length, width), [lines.length, width]);
  const toRow = useCallback((_blank: string, index: number) => lines[index] ?? '', [lines]);
  if (lines.length === 0 || width <= 0) return null;
  return (
    <Transform transform={toRow}>
      <Text>{blank}</Text>
    </Transform>
  );
}
