// Order entry (b / s): the form, its inline reasons, the disabled reason and the review. A change of a
// resting order (`e`, `:amend`) is reviewed here too, with the same review block.

import { Text } from 'ink';
import type { Palette } from '../shell/theme-palettes.js';
import { fitText } from '../format/numbers.js';
import type { EntryLineTone } from './entry-lines.js';
import { fitWrappedEntryLines } from './entry-lines-wrap.js';
import { Pane } from '../shell/Pane.js';
import type { TerminalState } from '../../state/store.js';
import { sameShown, useTerminalEqual } from '../shell/use-terminal-equal.js';
import { useTheme } from '../shell/theme.js';
import { entryPaneContent, entryView } from './view.js';

function colorOf(theme: Palette, tone: EntryLineTone): string | undefined {
  switch (tone) {
    case 'bad':
      return theme.down;
    case 'good':
      return theme.up;
    case 'up':
      return theme.up;
    case 'down':
      return theme.down;
    case 'focus':
      return theme.focus;
    case 'muted':
      return theme.muted;
    default:
      return undefined;
  }
}

/** The title for a docked column: its long words go first so "— review" stays in the border. */
function fitTitle(title: string, width: number): string {
  const room = width - 7; // "┌─ ▸ " ... " ─┐"
  return title.length <= room ? title : title.replace('Order entry ', 'Order ').replace('Change order ', 'Change ');
}

export function OrderEntryPane({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const inner = Math.max(0, width - 2);
  // Drawn from the view model only (view.ts): selected as the lines it draws (compared as text), so the pane
  // redraws only when what it shows changes, not at every tick of the book the review reads.
  const content = useTerminalEqual((s: TerminalState) => entryPaneContent(entryView(s), inner, Math.max(0, height - 2)), sameShown);
  if (!content) return null;
  if (!content.known) {
    return (
      <Pane title={content.title} width={width} height={height} focused>
        <Text color={theme.down}>unknown market</Text>
      </Pane>
    );
  }
  return (
    <Pane title={fitTitle(content.title, width)} width={width} height={height} focused>
      {fitWrappedEntryLines(content.lines, inner, Math.max(0, height - 2)).map((l, i) => (
        <Text key={i} color={colorOf(theme, l.tone)} wrap="truncate">
          {fitText(l.text, inner)}
        </Text>
      ))}
    </Pane>
  );
}
