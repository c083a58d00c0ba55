// `?` help: the keys of the mode it was opened from (the focused pane's, or order entry's), each with the
// action name the config's [keys] remaps it by, what it does, and why it does nothing now when it does not.
// Typing filters; j / k (while the filter is empty), ↑ ↓, PgUp / PgDn scroll, with a marker for what is
// above and below; Esc closes.

import { Text } from 'ink';
import { keyInUseLine } from '../format/key-lines.js';
import { fitText } from '../format/numbers.js';
import { helpPlace, helpRows, placeName, type HelpRow } from './rows.js';
import { scrollWindow } from '../format/scroll-window.js';
import { Pane } from '../shell/Pane.js';
import { useKeymap, useTerminal } from '../shell/store-context.js';
import { useTheme } from '../shell/theme.js';

const LOW_BANDWIDTH_HELP = 'LB: low-bandwidth profile: 5 Hz, ASCII, chart and tape once a second (--no-low-bandwidth turns it off)';

export function HelpOverlay({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const keymap = useKeymap();
  const help = useTerminal((s) => s.workspace.help);
  const focus = useTerminal((s) => s.focus);
  const place = { mode: help.from, pane: focus };
  // The rows carry off reasons from the whole state: selected as text, so the pane redraws only when they change.
  const rows = JSON.parse(useTerminal((s) => JSON.stringify(helpRows(keymap.bindings, helpPlace(s), s.workspace.help.query, s)))) as HelpRow[];
  const inner = Math.max(0, width - 2);
  // Narrow overlays squeeze the keys and then the descriptions; the action names stay whole longest.
  const keyWidth = Math.min(18, Math.max(6, ...rows.map((r) => r.keys.length)) + 2, Math.max(4, Math.floor(inner / 4)));
  const actionWidth = Math.min(Math.max(0, ...rows.map((r) => r.action.length)) + 2, Math.max(0, inner - keyWidth));
  const descriptionWidth = Math.max(0, inner - keyWidth - actionWidth);
  const lowBandwidth = useTerminal((s) => s.workspace.lowBandwidth);
  // Config problems come first, every one of them (the footer shows only the first).
  // Typing filters them like the keys, so each one can be reached when they outnumber the rows.
  const allProblems = useTerminal((s) => s.workspace.configProblems);
  const needle = help.query.trim().toLowerCase();
  const matching = needle === '' ? allProblems : allProblems.filter((p) => p.toLowerCase().includes(needle));
  const keyLine = useTerminal((s) => keyInUseLine(s.keyInUse));
  const base = Math.max(1, height - 4 - (lowBandwidth ? 1 : 0));
  const configProblems = matching.slice(0, Math.max(0, base - 2));
  const problemRows = allProblems.length > 0 ? configProblems.length + 1 : 0;
  const cut = matching.length - configProblems.length;
  const room = Math.max(1, base - problemRows);
  const { first, visible, more } = scrollWindow(rows.length, room, help.scroll);
  return (
    <Pane title={`Help: ${placeName(place)} keys`} width={width} height={height} focused>
      <Text wrap="truncate">{fitText(`? ${help.query}▏  type to filter, j/k ↑↓ PgUp/PgDn scroll, Esc closes; config [keys]: action = "key"`, inner)}</Text>
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
          {fitText(`config: ${allProblems.length} ${allProblems.length === 1 ? 'problem' : 'problems'}${cut > 0 ? `, ${cut} more below (type to filter)` : ''} (perpl doctor lists them too)`, inner)}
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
