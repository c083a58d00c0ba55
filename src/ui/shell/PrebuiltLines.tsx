// Rows already formatted and coloured, drawn as one Ink text node. Ink measures the text of every text
// node on every frame with string-width, which is slow for anything but ASCII (a grapheme segmenter and
// an emoji regex per character): the chart's block glyphs and the tape's arrows cost more than the rest
// of the screen. Here Ink measures (and lays out) a blank block of the same size, and each blank line
// is replaced by its row when the frame is drawn (Ink's <Transform>, applied line by line).
// Contract: every row is exactly `width` terminal cells wide.

import { Text, Transform } from 'ink';
import { useCallback, useMemo } from 'react';

export interface PrebuiltLinesProps {
  lines: readonly string[];
  width: number;
}

export function PrebuiltLines({ lines, width }: PrebuiltLinesProps) {
  const blank = useMemo(() => Array.from({ length: lines.length }, () => ' '.repeat(Math.max(0, width))).join('\n'), [lines.length, width]);
  const toRow = useCallback((_blank: string, index: number) => lines[index] ?? '', [lines]);
  if (lines.length === 0 || width <= 0) return null;
  return (
    <Transform transform={toRow}>
      <Text>{blank}</Text>
    </Transform>
  );
}
