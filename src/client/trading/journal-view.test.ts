import { describe, expect, it } from 'vitest';
import { isUnsafeChar } from '../../protocol/sanitize-text.js';
import { JournalTail } from './journal-view.js';

describe('the Journal keeps the frame behind a line', () => {
  it('raw-frame-kept-terminal-safe: an ack with a hostile error keeps its frame as JSON that cannot drive the terminal', () => {
    const tail = new JournalTail();
    const frame = { mt: 3, sn: 9, cid: 4, status: { code: 7, error: 'bad\u009b2J\u202eevil\u001b]52;c;x\u0007' } };
    const line = tail.add({ k: 'ack', key: 'k1', rq: 5, code: 7, error: 'bad' }, 1_000, frame);
    expect(line.raw).toBeDefined();
    expect([...line.raw!].some(isUnsafeChar)).toBe(false);
    // Still the same JSON: read back, it is the frame.
    expect(JSON.parse(line.raw!)).toEqual(frame);
  });

  it('no-frame-no-raw: a decision line has no frame behind it', () => {
    const line = new JournalTail().add({ k: 'decision', key: 'k1', rq: 5, action: 'wait', reason: 'in flight' }, 1_000);
    expect(line.raw).toBeUndefined();
  });
});
