// `?` help: only the keys valid in the focused pane; typing filters, Backspace edits, Esc closes. Each
// row reads like a config line: key, action name (what [keys] remaps it by), then what it does.

import { Text } from 'ink';
import { fitText } from '../format/numbers.js';
import { helpRows, paneName } from '../help.js';
import { activeBindings } from '../keymap-table.js';
import { Pane } from '../Pane.js';
import { useTerminal } from '../store-context.js';
import { theme } from '../theme.js';

const LOW_BANDWIDTH_HELP = 'LB: low-bandwidth profile: 5 Hz, ASCII, chart and tape once a second (--no-low-bandwidth turns it off)';

export function HelpOverlay({ width, height }: { width: number; height: number }) {
  const query = useTerminal((s) => s.live.help.query);
  const focus = useTerminal((s) => s.focus);
  const inner = Math.max(0, width - 2);
  const rows = helpRows(activeBindings(), focus, query);
  // Narrow overlays squeeze the keys and then the descriptions; the action names stay whole longest.
  const keyWidth = Math.min(16, Math.max(6, ...rows.map((r) => r.keys.length)) + 2, Math.max(4, Math.floor(inner / 4)));
  const actionWidth = Math.min(Math.max(0, ...rows.map((r) => r.action.length)) + 2, Math.max(0, inner - keyWidth));
  const descriptionWidth = Math.max(0, inner - keyWidth - actionWidth);
  const lowBandwidth = useTerminal((s) => s.live.lowBandwidth);
  // Config problems come first, every one of them (the footer shows only the first).
  // Typing filters them like the keys, so each one can be reached when they outnumber the rows.
  const allProblems = useTerminal((s) => s.live.configProblems);
  const needle = query.trim().toLowerCase();
  const matching = needle === '' ? allProblems : allProblems.filter((p) => p.toLowerCase().includes(needle));
  const room = Math.max(0, height - 4 - (lowBandwidth ? 1 : 0));
  const configProblems = matching.slice(0, Math.max(0, room - 2));
  const problemRows = allProblems.length > 0 ? configProblems.length + 1 : 0;
  const cut = matching.length - configProblems.length;
  const visible = Math.max(0, room - problemRows);
  return (
    <Pane title={`Help: ${paneName(focus)} keys`} width={width} height={height} focused>
      <Text wrap="truncate">{fitText(`? ${query}▏  (type to filter, Esc closes; config [keys]: action = "key")`, inner)}</Text>
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
      {rows.slice(0, visible).map((r) => (
        <Text key={`${r.keys}|${r.description}`} wrap="truncate">
          <Text color={theme.focus}>{fitText(r.keys, keyWidth - 1).padEnd(keyWidth)}</Text>
          <Text color={theme.muted}>{fitText(r.action, actionWidth - 1).padEnd(actionWidth)}</Text>
          {fitText(r.description, descriptionWidth)}
        </Text>
      ))}
    </Pane>
  );
}
