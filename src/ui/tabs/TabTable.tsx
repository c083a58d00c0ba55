// The body every tab draws from its view (body-view.ts): the column header, the rows (the selected one
// inverse while the pane has focus) or the empty list's words, and the bottom line after its lead. Draws
// only what the view says: no flow runs while drawing.

import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { dim, paint, type Colour } from '../shell/ansi.js';
import { useTheme } from '../shell/theme.js';
import type { Palette } from '../shell/theme-palettes.js';
import { fitText } from '../format/numbers.js';
import type { Cell, CellTone } from '../format/table.js';
import { wrapWords } from '../format/wrap.js';
import { visibleRows, type TabBodyView } from './body-view.js';

export const TONE_COLOUR: Record<CellTone, Colour | undefined> = { up: 'green', down: 'red', warn: 'yellow', muted: 'gray', plain: undefined };

export function paintCells(theme: Palette, cells: readonly Cell[]): string {
  return cells.map((c) => paint(theme, c.text, c.tone ? TONE_COLOUR[c.tone] : undefined)).join(' ');
}

/** The bottom line in `room` cells: in its tone, or part by part in theirs (each cut where the room ends). */
function footerText(theme: Palette, footer: TabBodyView['footer'], room: number): string {
  if (!footer.parts) return paint(theme, fitText(footer.text, room), TONE_COLOUR[footer.tone]);
  let left = room;
  let out = '';
  for (const part of footer.parts) {
    if (left <= 0) break;
    const text = part.text.length <= left ? part.text : fitText(part.text, left);
    out += paint(theme, text, TONE_COLOUR[part.tone ?? footer.tone]);
    left -= text.length;
  }
  return out;
}

/** `width` x `height`: the pane's outer size; `focused`: the pane has focus (the selected row shows inverse). */
export function TabTable({ view, width, height, focused }: { view: TabBodyView; width: number; height: number; focused: boolean }): ReactNode {
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  const visible = visibleRows(height);
  const faint = (text: string): string => (view.stale ? dim(text) : text);
  // Before the keys: "as of" (trading down), then the rows the height hides.
  const lead = [view.marker, view.hidden].filter((part): part is string => part !== null);
  return (
    <>
      <Text wrap="truncate">{faint(paintCells(theme, view.header))}</Text>
      {view.empty !== null ? (
        // Wrapped: a long one (the key refused, and what to do) must be read whole at 80 columns too.
        wrapWords(view.empty, inner, Math.max(1, visible)).map((line, i) => (
          <Text key={i} color={theme.muted}>
            {line}
          </Text>
        ))
      ) : (
        view.lines.map((cells, i) => (
          <Text key={i} wrap="truncate" inverse={focused && view.start + i === view.selected}>
            {faint(paintCells(theme, cells))}
          </Text>
        ))
      )}
      <Box flexGrow={1} />
      <Text wrap="truncate">
        {lead.map((part) => paint(theme, `${part}  ·  `, TONE_COLOUR.warn)).join('')}
        {footerText(theme, view.footer, Math.max(0, inner - lead.reduce((n, part) => n + part.length + 5, 0)))}
      </Text>
    </>
  );
}
