import { describe, expect, it } from 'vitest';
import { isUnsafeChar } from '../../protocol/sanitize-text.js';
import { JournalTail, journalLine } from './journal-view.js';

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

describe('a resolved line', () => {
  it('failed-said-once: the outcome\'s word is not said twice ("failed: failed: …")', () => {
    expect(journalLine({ k: 'resolved', key: 'k', rq: 5, result: 'failed', message: 'failed: CrossesBook (37) (rq 5)' })).toBe('failed: CrossesBook (37) (rq 5)');
    expect(journalLine({ k: 'resolved', key: 'k', rq: 5, result: 'rejected', message: 'rejected (400): last exec block already expired' })).toBe('rejected (400): last exec block already expired');
    // Where the message does not say it, the outcome leads.
    expect(journalLine({ k: 'resolved', key: 'k', rq: 5, result: 'definitive', message: 'filled, taker (rq 5)' })).toBe('definitive: filled, taker (rq 5)');
    expect(journalLine({ k: 'resolved', key: 'k', rq: 5, result: 'gave-up', message: 'engine stopped before an outcome arrived' })).toBe('gave-up: engine stopped before an outcome arrived');
  });
});
