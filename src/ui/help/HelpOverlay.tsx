// `?` help: the keys of the mode it was opened from (the focused pane's, or order entry's), each with the
// action name the config's [keys] remaps it by, what it does, and why it does nothing now when it does not.
// Typing filters; j / k (while the filter is empty), ↑ ↓, PgUp / PgDn scroll, with a marker for what is
// above and below; Esc closes.

import { useCallback } from 'react';
import { Text } from 'ink';
import { fitText } from '../format/numbers.js';
import { scrollWindow } from '../format/scroll-window.js';
import { Pane } from '../shell/Pane.js';
import { useKeymap } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';
import { useTerminalEqual } from '../shell/use-terminal-equal.js';
import type { TerminalState } from '../../state/store.js';
import { helpView, sameHelpView } from './view.js';

const LOW_BANDWIDTH_HELP = 'LB: low-bandwidth profile: 5 Hz, ASCII, chart and tape once a second (--no-low-bandwidth turns it off)';

export function HelpOverlay({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const keymap = useKeymap();
  // The rows carry off reasons from the whole state: the pane redraws only when what it draws changes.
  const view = useTerminalEqual(useCallback((s: TerminalState) => helpView(keymap.bindings, s), [keymap]), sameHelpView);
  const { rows, lowBandwidth, keyLine } = view;
  const inner = Math.max(0, width - 2);
  // Narrow overlays squeeze the keys and then the descriptions; the action names stay whole longest.
  const keyWidth = Math.min(18, Math.max(6, ...rows.map((r) => r.keys.length)) + 2, Math.max(4, Math.floor(inner / 4)));
  const actionWidth = Math.min(Math.max(0, ...rows.map((r) => r.action.length)) + 2, Math.max(0, inner - keyWidth));
  const descriptionWidth = Math.max(0, inner - keyWidth - actionWidth);
  // Config problems come first, every one of them (the footer shows only the first).
  // Typing filters them like the keys, so each one can be reached when they outnumber the rows.
  const matching = view.problems;
  const base = Math.max(1, height - 4 - (lowBandwidth ? 1 : 0));
  const configProblems = matching.slice(0, Math.max(0, base - 2));
  const problemRows = view.problemCount > 0 ? configProblems.length + 1 : 0;
  const cut = matching.length - configProblems.length;
  const room = Math.max(1, base - problemRows);
  const { first, visible, more } = scrollWindow(rows.length, room, view.scroll);
  return (
    <Pane title={view.title} width={width} height={height} focused>
      <Text wrap="truncate">{fitText(`? ${view.query}▏  type to filter, j/k ↑↓ PgUp/PgDn scroll, Esc closes; config [keys]: action = "key"`, inner)}</Text>
      <Text color={theme.muted} wrap="truncate">
        {fitText(`${keyLine} · :key for more`, inner)}
      </Text>
      {lowBandwidth ? (
        <Text color={theme.muted} wrap="truncate">
          {fitText(LOW_BANDWIDTH_HELP, inner)}
        </Text>
      ) : null}
      {problemRows > 0 ? (
        <Text color={theme.warn} wrap="truncate">
          {fitText(`config: ${view.problemCount} ${view.problemCount === 1 ? 'problem' : 'problems'}${cut > 0 ? `, ${cut} more below (type to filter)` : ''} (perpl doctor lists them too)`, inner)}
        </Text>
      ) : null}
      {configProblems.map((line, i) => (
        <Text key={`config-${i}`} color={theme.warn} wrap="truncate">
          {fitText(`  ${line}`, inner)}
        </Text>
      ))}
      {rows.length === 0 ? <Text color={theme.muted}>no key matches</Text> : null}
      {rows.slice(first, first + visible).map((r) => (
        <Text key={`${r.keys}|${r.description}`} wrap="truncate">
          <Text color={theme.focus}>{fitText(r.keys, keyWidth - 1).padEnd(keyWidth)}</Text>
          <Text color={theme.muted}>{fitText(r.action, actionWidth - 1).padEnd(actionWidth)}</Text>
          {r.off ? <Text dimColor>{fitText(`${r.description} (off: ${r.off})`, descriptionWidth)}</Text> : fitText(r.description, descriptionWidth)}
        </Text>
      ))}
      {more ? (
        <Text color={theme.warn} wrap="truncate">
          {fitText(more, inner)}
        </Text>
      ) : null}
    </Pane>
  );
}
