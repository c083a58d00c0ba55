// The Journal tab's columns: time, kind, rq and the line's words.

import type { JournalEntryView } from '../../domain/trading/views.js';
import type { Column } from '../format/table.js';
import { col, plain, time } from '../tabs/row-cells.js';

export function journalColumns(): Column<JournalEntryView>[] {
  return [
    col('time', 8, 'left', 0, (r) => plain(time(r.timeMs))),
    col('kind', 8, 'left', 1, (r) => plain(r.kind, r.kind === 'resolved' || r.kind === 'report' ? 'plain' : 'muted')),
    col('rq', 6, 'right', 2, (r) => plain(r.rq === null ? '' : String(r.rq))),
    { ...col('what', 30, 'left', 0, (r) => plain(r.text, /Failed|reject|locked/i.test(r.text) ? 'down' : undefined)), grow: true },
  ];
}
