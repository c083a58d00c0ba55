// The order form's pane as text: its title and the rows inside its borders, cut to its columns and joined
// (a line the docked column wrapped reads whole again). Empty when the form is not drawn.

import type { VirtualTerminal } from './terminal.js';

/** The rows inside the pane whose top border matches `title`, cut to its columns; [] when not drawn. */
export function paneRows(vt: VirtualTerminal, title: RegExp): string[] {
  const lines = vt.lines();
  for (let y = 0; y < lines.length; y++) {
    const line = lines[y] ?? '';
    const m = title.exec(line);
    if (!m) continue;
    const left = line.lastIndexOf('┌', m.index);
    const right = line.indexOf('┐', m.index);
    const rows: string[] = [];
    for (let i = y + 1; i < lines.length; i++) {
      const row = (lines[i] ?? '').slice(left, right + 1);
      if (row.startsWith('└')) break;
      rows.push(row.slice(1, -1));
    }
    return [line.slice(left, right + 1), ...rows];
  }
  return [];
}

/** The order form (new order or change) as one line of text: title, then each row trimmed, joined by a space. */
export function entryPaneText(vt: VirtualTerminal): string {
  return paneRows(vt, /┌─ ▸ (Order|Change)/)
    .map((r) => r.trim())
    .filter((r) => r !== '')
    .join(' ');
}

/** Waits for the order form to show `what` (its rows read whole: the docked column wraps long ones); returns its text. */
export async function inEntryForm(vt: VirtualTerminal, what: string | RegExp, timeoutMs: number): Promise<string> {
  const holds = (text: string) => (typeof what === 'string' ? text.includes(what) : what.test(text));
  await vt.waitFor(() => holds(entryPaneText(vt)), timeoutMs);
  return entryPaneText(vt);
}
