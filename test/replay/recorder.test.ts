// What the recorder writes: a header first, parsed frames with times, raw text when not JSON, the
// sign-in's secrets and X-API-* headers stripped, known secrets scrubbed anywhere, a 0600 file.

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FrameRecorder, RECORDING_FLUSH_MS, STRIPPED, isGzip, parseRecording, readRecording, recordingFetch, recordingText } from '../../src/transport/record/index.js';
import { eventually } from '../helpers/terminal.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perpl-rec-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const TOKEN = 'tok_0123456789abcdef0123456789abcdef';
const SEED_HEX = 'ab'.repeat(32);

function lines(path: string): Record<string, unknown>[] {
  return recordingText(readFileSync(path))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('FrameRecorder', () => {
  it('writes the header, then frames with t/at/dir/ch, parsed or raw', async () => {
    const path = join(dir, 'r.ndjson');
    let now = 1_000;
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337, markets: ['BTC'], now: () => now });
    now = 1_250;
    rec.frame('md', 'in', '{"mt":100,"sn":5,"h":5}');
    rec.frame('md', 'in', 'not json at all', 1_300);
    rec.tap('trading').opened?.(1, 1_400);
    await rec.close();
    const [header, a, b, open] = lines(path);
    expect(header).toEqual({ recording: 1, network: 'local', chainId: 31337, startedAt: 1_000, markets: ['BTC'] });
    expect(a).toEqual({ t: 250, at: 1_250, dir: 'in', ch: 'md', frame: { mt: 100, sn: 5, h: 5 } });
    expect(b).toMatchObject({ t: 300, frame: 'not json at all' });
    expect(open).toMatchObject({ t: 400, ch: 'trading', event: 'open', epoch: 1 });
    expect(parseRecording(recordingText(readFileSync(path))).lines).toHaveLength(3);
  });

  it('strips api_key, signature and nonce of the mt 29 sign-in, and every known secret', async () => {
    const path = join(dir, 'r.ndjson');
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337, secrets: [TOKEN, SEED_HEX] });
    const signIn = { mt: 29, chain_id: 31337, api_key: TOKEN, timestamp: '1791217110068', nonce: 'q2V0cmFuZG9tYnl0ZXM', signature: 'c2lnbmF0dXJlLWJ5dGVz' };
    rec.frame('trading', 'out', JSON.stringify(signIn));
    rec.frame('trading', 'in', JSON.stringify({ mt: 3, status: { code: 401, error: `bad key ${TOKEN}` }, nested: [{ x: SEED_HEX }] }));
    rec.frame('trading', 'in', `garbage ${TOKEN} garbage`);
    rec.event('trading', 'close', { code: 3401, reason: `unauthorized ${TOKEN}` });
    await rec.close();
    const text = recordingText(readFileSync(path));
    for (const secret of [TOKEN, SEED_HEX, signIn.nonce, signIn.signature]) expect(text).not.toContain(secret);
    const [, out, ack] = lines(path);
    expect(out!.frame).toEqual({ ...signIn, api_key: STRIPPED, nonce: STRIPPED, signature: STRIPPED });
    expect(JSON.stringify(ack)).toContain(`bad key ${STRIPPED}`);
  });

  it('scrubs secrets added after the recording started (a key loaded later)', async () => {
    const path = join(dir, 'r.ndjson');
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337 });
    rec.addSecrets([TOKEN]);
    rec.frame('rest', 'in', JSON.stringify({ echo: `x${TOKEN}x` }));
    await rec.close();
    expect(recordingText(readFileSync(path))).not.toContain(TOKEN);
    expect(recordingText(readFileSync(path))).toContain(`x${STRIPPED}x`);
  });

  it('creates the file 0600, also over an existing world-readable file', async () => {
    const path = join(dir, 'r.ndjson');
    writeFileSync(path, 'old');
    chmodSync(path, 0o644);
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337 });
    rec.frame('md', 'in', '{"mt":100,"sn":1,"h":1}');
    await rec.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(recordingText(readFileSync(path))).not.toContain('old');
  });

  it('drops (and counts) frames instead of buffering without bound, and nothing after close', async () => {
    const path = join(dir, 'r.ndjson');
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337, maxBufferedBytes: 1_000 });
    const big = JSON.stringify({ mt: 15, pad: 'x'.repeat(600) });
    for (let i = 0; i < 50; i++) rec.frame('md', 'in', big);
    expect(rec.dropped).toBeGreaterThan(0);
    expect(rec.written).toBeLessThan(51);
    await rec.close();
    rec.frame('md', 'in', big);
    expect(lines(path)).toHaveLength(rec.written);
  });

  it('records REST exchanges with X-API-* headers stripped and the response still readable', async () => {
    const path = join(dir, 'r.ndjson');
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337, secrets: [TOKEN] });
    const inner: typeof fetch = async () => new Response(JSON.stringify({ ok: true, echo: TOKEN }), { status: 200 });
    const f = recordingFetch(rec, inner);
    const res = await f('http://x/api/v1/trading/wallet', {
      method: 'GET',
      headers: { 'X-API-Key': TOKEN, 'X-API-Signature': 'sig', 'X-API-Nonce': 'nonce-value', accept: 'application/json' },
    });
    expect(await res.json()).toEqual({ ok: true, echo: TOKEN });
    await rec.close();
    const [, req, resp] = lines(path);
    expect(req).toMatchObject({ dir: 'out', ch: 'rest', frame: { method: 'GET', url: 'http://x/api/v1/trading/wallet' } });
    const headers = (req!.frame as { headers: Record<string, string> }).headers;
    expect(headers['x-api-key']).toBe(STRIPPED);
    expect(headers['x-api-signature']).toBe(STRIPPED);
    expect(headers['x-api-nonce']).toBe(STRIPPED);
    expect(headers.accept).toBe('application/json');
    expect(resp).toMatchObject({ dir: 'in', ch: 'rest', frame: { status: 200, body: { ok: true, echo: STRIPPED } } });
    expect(recordingText(readFileSync(path))).not.toContain(TOKEN);
  });

  it('recording-is-compressed: a book-heavy session is written gzip, several times smaller than its NDJSON, and reads back whole', async () => {
    const path = join(dir, 'r.ndjson');
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337 });
    for (let i = 0; i < 2_000; i++) {
      const levels = Array.from({ length: 20 }, (_, l) => ({ p: 670_000 + l * 5 + (i % 7), s: 10_000 + ((i * 31 + l * 17) % 5_000), o: 1 + (l % 3) }));
      rec.frame('md', 'in', JSON.stringify({ mt: 15, sid: 3, sn: 1_000 + i, at: { b: 1_000 + i, t: 1_790_000_000_000 + i * 100 }, bid: levels, ask: levels }), 1_000 + i);
    }
    await rec.close();
    const bytes = readFileSync(path);
    expect(isGzip(bytes)).toBe(true);
    const text = recordingText(bytes);
    expect(bytes.length * 5).toBeLessThan(Buffer.byteLength(text));
    expect(readRecording(path).lines).toHaveLength(2_000);
  });

  it('reads-plain-recordings: a recording from before compression (plain NDJSON) still reads', () => {
    const path = join(dir, 'old.ndjson');
    const rows = [{ recording: 1, network: 'local', chainId: 31337, startedAt: 0 }, { t: 1, at: 1, dir: 'in', ch: 'md', frame: { mt: 100, sn: 5, h: 5 } }];
    writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const rec = readRecording(path);
    expect(rec.header.chainId).toBe(31337);
    expect(rec.lines).toEqual([rows[1]]);
  });

  it('crash-loses-at-most-a-second: what was recorded is readable from the file within a second or so, before any close', async () => {
    const path = join(dir, 'r.ndjson');
    const rec = new FrameRecorder({ path, network: 'local', chainId: 31337 });
    // Lines readable now; -1 while the file does not exist yet or holds no header.
    const onDisk = () => {
      try {
        return readRecording(path).lines.length;
      } catch {
        return -1;
      }
    };
    try {
      rec.frame('md', 'in', '{"mt":100,"sn":5,"h":5}');
      // The file as a killed process would leave it: a gzip stream without its end, read as far as it goes.
      await eventually(() => onDisk() === 1, RECORDING_FLUSH_MS * 5, 'the frame on disk');
      rec.frame('md', 'in', '{"mt":100,"sn":6,"h":6}');
      await eventually(() => onDisk() === 2, RECORDING_FLUSH_MS * 5, 'the next frame on disk');
    } finally {
      await rec.close();
    }
    expect(readRecording(path).lines).toHaveLength(2);
  });
});
