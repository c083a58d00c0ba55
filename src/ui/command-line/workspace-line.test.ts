import { describe, expect, it } from 'vitest';
import { shownNotice } from '../../state/notice.js';
import { createTerminalStore } from '../../state/store.js';
import { runWorkspaceLine } from './workspace-line.js';

describe('workspace commands report through the notice', () => {
  // A notice about a question lapses once the question is gone; the next notice is a new statement and
  // must not inherit that lapse (it would be hidden the moment it is written).
  it('notice-after-a-lapsed-question-notice-shows', () => {
    const store = createTerminalStore({
      notice: 'y arrived with the key that asked — press y again',
      noticeLapse: { kind: 'question-gone', question: 'confirm', askedInRead: 3 },
    });
    expect(shownNotice(store.getState())).toBeNull();
    expect(runWorkspaceLine(store, 'theme light')).toBe(true);
    expect(shownNotice(store.getState())).toBe('theme light');
  });
});
