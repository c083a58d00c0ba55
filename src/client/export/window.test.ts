import { describe, expect, it } from 'vitest';
import { exportWindow, parseExportDate } from './window.js';

describe('export window', () => {
  it('a date alone is local midnight; as --to it takes in the whole day', () => {
    expect(exportWindow('2026-11-01', '2026-11-30')).toEqual({ fromMs: new Date(2026, 10, 1).getTime(), toMs: new Date(2026, 11, 1).getTime() });
  });

  it('a time with a zone is that instant; without one it is local', () => {
    expect(parseExportDate('2026-11-01T09:30Z', '--from')).toBe(Date.UTC(2026, 10, 1, 9, 30));
    expect(parseExportDate('2026-11-01T09:30:15+02:00', '--from')).toBe(Date.UTC(2026, 10, 1, 7, 30, 15));
    expect(parseExportDate('2026-11-01T09:30:15.250Z', '--to', true)).toBe(Date.UTC(2026, 10, 1, 9, 30, 15, 250));
    expect(parseExportDate('2026-11-01 09:30', '--from')).toBe(new Date(2026, 10, 1, 9, 30).getTime());
  });

  it('export-date-that-does-not-exist-is-refused-not-rolled-over', () => {
    expect(() => parseExportDate('2026-02-30', '--from')).toThrow(/not a date that exists/);
    expect(() => parseExportDate('2026-11-01T24:00', '--from')).toThrow(/not a date that exists/);
    expect(() => parseExportDate('yesterday', '--from')).toThrow(/--from "yesterday" is not a date/);
  });

  it('--to before --from is refused', () => {
    expect(() => exportWindow('2026-11-02', '2026-11-01')).toThrow(/--to must be after --from/);
  });
});
