// readme-assets-are-sound: what the README shows and links is there and usable. The recorded demo
// (assets/demo.ndjson) is a recording `perpl replay` reads, holds a live market and a trade, and carries no
// secret (every key, signature, nonce or token field stripped); the asciicast (assets/demo.cast) is valid
// asciicast v2; every PNG the README embeds is a valid PNG of the size its terminal implies and small.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/subcommands/replay.js';
import { readRecording, STRIPPED } from '../../src/transport/record/index.js';
import { parseAsciicast } from '../helpers/assets/asciicast.js';
import { checkPng } from '../helpers/assets/png.js';
import { imageSize } from '../helpers/assets/rasterise.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DEMO = join(ROOT, 'assets', 'demo.ndjson');
const CAST = join(ROOT, 'assets', 'demo.cast');
const MAX_DEMO_BYTES = 2 * 1024 * 1024;
const MAX_PNG_BYTES = 300 * 1024;
/** Fields that carry a credential or a signature somewhere in the protocol (frames, REST headers). */
const SECRET_FIELD = /^(api_key|apikey|signature|sig|nonce|token|private_key|seed|x-api-.*)$/i;

/** Every [path, value] of a secret-named field anywhere inside `value`. */
function secretFields(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => secretFields(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SECRET_FIELD.test(k) ? ([[`${path}.${k}`, v]] as [string, unknown][]) : []),
    ...secretFields(v, `${path}.${k}`),
  ]);
}

describe('the recorded demo', () => {
  it('is a recording holding a live market and a trade, with no secret in it', () => {
    expect(statSync(DEMO).size).toBeLessThan(MAX_DEMO_BYTES);
    const recording = readRecording(DEMO);
    expect(recording.skipped).toBe(0);
    const frames = recording.lines.filter((l) => 'dir' in l);
    expect(frames.filter((l) => l.ch === 'md' && l.dir === 'in').length).toBeGreaterThan(100);
    // The trading socket signed in (mt 29 out) and heard back about the account (several kinds of frame).
    const mts = (ch: string, dir: string) => new Set(frames.filter((l) => l.ch === ch && l.dir === dir).map((l) => (l.frame as { mt?: number }).mt));
    expect(mts('trading', 'out').has(29)).toBe(true);
    expect(mts('trading', 'in').size).toBeGreaterThan(1);

    const leaked = secretFields(recording.lines).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== STRIPPED);
    expect(leaked).toEqual([]);
    expect(secretFields(recording.lines).length, 'the sign-in fields are there, stripped').toBeGreaterThan(0);
  });

  it('perpl replay --info reads it', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((t: string) => void printed.push(t));
    try {
      expect(await run([DEMO, '--info'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    const info = JSON.parse(printed.join('')) as { network: string; durationMs: number; frames: Record<string, number>; streams: string[] };
    expect(info.network).toBe('local');
    expect(info.durationMs).toBeGreaterThan(15_000);
    expect(info.durationMs).toBeLessThan(60_000);
    expect(info.frames['md in']).toBeGreaterThan(0);
    expect(info.streams.length).toBeGreaterThan(0);
  });

  it('the asciicast of the same run is valid asciicast v2 and plays about as long', () => {
    expect(statSync(CAST).size).toBeLessThan(MAX_DEMO_BYTES);
    const { header, events } = parseAsciicast(readFileSync(CAST, 'utf8'));
    expect(events.length).toBeGreaterThan(10);
    expect(events.every(([, type]) => type === 'o')).toBe(true);
    const seconds = events[events.length - 1]![0];
    expect(seconds).toBeGreaterThan(15);
    expect(seconds).toBeLessThan(60);
    // The app's own screen, at a real terminal size.
    expect(header.width).toBeGreaterThanOrEqual(80);
    expect(events.map(([, , data]) => data).join('')).toContain('spread ');
  });
});

describe('the README screenshots', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const images = [...readme.matchAll(/!\[[^\]]*\]\((assets\/[^)\s]+\.png)\)/g)].map((m) => m[1]!);

  it('embeds screenshots', () => {
    expect(images.length).toBeGreaterThanOrEqual(5);
  });

  it('readme-shows-trading-down: the trading-down state (positions and account dimmed, "as of") is among them', () => {
    expect(images).toContain('assets/trading-down-200x50.png');
  });

  it.each(images)('%s exists, is a valid PNG of its terminal size and is small', (image) => {
    const file = join(ROOT, image);
    expect(existsSync(file)).toBe(true);
    const size = /-(\d+)x(\d+)\.png$/.exec(image);
    expect(size, 'the name ends in COLSxROWS').not.toBeNull();
    const bytes = readFileSync(file);
    expect(bytes.length).toBeLessThan(MAX_PNG_BYTES);
    const info = checkPng(bytes);
    expect({ width: info.width, height: info.height }).toEqual(imageSize(Number(size![1]), Number(size![2])));
  });
});
