// Fuzzing the files the programs read, as someone who can write them would: config texts (keys and
// nesting of any depth), `perpl sim --state` files (a saved account with fields replaced, removed or
// repeated) and recordings (damaged, cut, re-compressed). Whatever is in them: the config comes back
// with problems, never an exception; a state file loads into an engine that keeps its invariants, or
// is refused as a state file; a recording reads, or is refused as input. Runs are bounded (seconds).
// Seeded (test/helpers/property-seed.ts: PERPL_FUZZ_SEED replays a run, =random explores; fast-check
// prints the seed of a failure).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/app/config/load-config.js';
import { defaultConfig } from '../../src/app/config/schema.js';
import { PerplError } from '../../src/protocol/errors.js';
import { DELETE, fieldSites, replaceAt } from '../../src/protocol/decode/wire-mutations.js';
import { MAX_SIZE } from '../../src/sim/engine/limits.js';
import { accountWithEverySavedKind, EngineDriver, PX } from '../../src/sim/engine/testkit.js';
import { readStateFile, restoreState, StateFileError, type SavedState } from '../../src/sim/server/state-file.js';
import { newThrowawayWallet } from '../../src/sim/server/throwaway-wallet.js';
import { readRecording } from '../../src/transport/record/index.js';

const dir = mkdtempSync(join(tmpdir(), 'perpl-files-fuzz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ---------- config ----------

const keyPart = fc.oneof(fc.constantFrom('keys', 'confirm', 'theme', 'a', 'b-c', '"q.d"', "'l.t'", '1', '__proto__'), fc.string({ maxLength: 4 }));
const dottedKey = fc.array(keyPart, { minLength: 1, maxLength: 12 }).map((parts) => parts.join('.'));
const tomlValue = fc.oneof(
  fc.constantFrom('1', '1.5', 'true', '"x"', "'lit'", '[1, [2, [3]]]', '{a = {b.c = 1}}', '"""\na.b.c = 1\n"""', '"#["'),
  fc.string({ maxLength: 8 }),
);
/** How deep a hostile line goes: mostly shallow, sometimes thousands of parts. */
const depth = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 5_000 }));
const tomlLine = fc.oneof(
  fc.tuple(dottedKey, tomlValue).map(([k, v]) => `${k} = ${v}`),
  dottedKey.map((k) => `[${k}]`),
  dottedKey.map((k) => `[[${k}]]`),
  fc.string({ maxLength: 20 }),
  depth.map((n) => `${'a.'.repeat(n)}a = 1`),
  depth.map((n) => `[${'t.'.repeat(n)}t]`),
  depth.map((n) => `x = ${'{a = '.repeat(n)}1${'}'.repeat(n)}`),
  depth.map((n) => `x = ${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 100, max: 3_000 }).map((n) => `${'k'.repeat(n)} = 1`),
);
const tomlText = fc.array(tomlLine, { maxLength: 10 }).map((lines) => lines.join('\n'));
const jsonText = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  depth.map((n) => `{"keys": ${'{"a": '.repeat(n)}1${'}'.repeat(n)}}`),
  depth.map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.tuple(fc.integer({ min: 100, max: 3_000 }), fc.jsonValue({ maxDepth: 2 })).map(([n, v]) => JSON.stringify({ [`${'k'.repeat(n)}`]: v })),
);

function checkConfig(text: string, format: 'toml' | 'json'): void {
  const lines = text.split('\n').length;
  const { config, problems } = parseConfigText(text, format);
  for (const p of problems) {
    expect(typeof p.message).toBe('string');
    if (p.line !== null) expect(p.line).toBeGreaterThanOrEqual(1);
    if (p.line !== null) expect(p.line).toBeLessThanOrEqual(lines);
  }
  // A key past the limits is one problem, and every entry keeps its default.
  if (problems.some((p) => /nested more than|longer than \d+ characters/.test(p.message))) {
    expect(problems).toHaveLength(1);
    expect(config).toEqual(defaultConfig());
  }
}

describe('config texts fuzz', () => {
  it('any TOML, however deep or long its keys, comes back as problems with lines, never an exception', () => {
    fc.assert(fc.property(tomlText, (text) => checkConfig(text, 'toml')), { numRuns: 400 });
  });
  it('any JSON, however deep, comes back as problems, never an exception', () => {
    fc.assert(fc.property(jsonText, (text) => checkConfig(text, 'json')), { numRuns: 300 });
  });
});

// ---------- state files ----------

/** A saved state as `--state` writes it: a long, a resting bid and a stop, with the owner's wallet key. */
function savedState(): SavedState {
  const d = new EngineDriver();
  const wallet = newThrowawayWallet();
  const demo = { ...d.engine.snapshotAccount(accountWithEverySavedKind(d)), address: wallet.address };
  return JSON.parse(JSON.stringify({ v: 1, saved_at: 1, demo, oracles: { '1': PX }, wallet_key: wallet.privateKey })) as SavedState;
}

const SAVED = savedState();
const SITES = fieldSites(SAVED);
const edgeValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-1, 0, 1, 2, 8, MAX_SIZE, MAX_SIZE + 1, 2 ** 32, 2 ** 53 - 1, -(2 ** 53 - 1), 1.5, '-1', '0', `9${'9'.repeat(39)}`, 'buy', true, null, DELETE),
);
type Saved = SavedState & { demo: { positions: unknown[]; orders: unknown[] } };
/** One field replaced or removed, or an element of a list repeated (ids used twice, triggers past the cap). */
const damagedState = fc.oneof(
  fc.tuple(fc.constantFrom(...SITES), edgeValue).map(([site, v]) => replaceAt(SAVED, site.segments, v)),
  fc.tuple(fc.constantFrom<'positions' | 'orders'>('positions', 'orders'), fc.integer({ min: 1, max: 40 }), fc.nat(), edgeValue).map(([list, times, pick, v]) => {
    const copy = JSON.parse(JSON.stringify(SAVED)) as Saved;
    const items = copy.demo[list];
    const item = items[pick % items.length] as Record<string, unknown>;
    for (let i = 0; i < times; i++) items.push({ ...item, ...(i % 2 === 0 ? {} : { oid: Number(item.oid) + i, pid: Number(item.pid) + i, size: v === DELETE ? undefined : v }) });
    return copy;
  }),
);

let stateCase = 0;
/** Loads a state text the way `perpl sim --state` does, into a fresh engine: the account id, or the StateFileError. */
function loadState(text: string): { driver: EngineDriver; id: number } | StateFileError {
  const file = join(dir, `state-${stateCase++}.json`);
  writeFileSync(file, text, { mode: 0o600 });
  const driver = new EngineDriver();
  try {
    const saved = readStateFile(file);
    if (saved === null) throw new Error('the file was written');
    return { driver, id: restoreState(driver.engine, saved, file) };
  } catch (e) {
    if (e instanceof StateFileError) return e;
    throw e;
  }
}

function checkLoaded(driver: EngineDriver, id: number): void {
  const { engine } = driver;
  const ledger = engine.ledger(id);
  expect(BigInt(ledger.balance)).toBeGreaterThanOrEqual(0n);
  const markets = ledger.positions.map((p) => p.mkt);
  expect(new Set(markets).size).toBe(markets.length);
  const oids = ledger.orders.map((o) => o.oid);
  expect(new Set(oids).size).toBe(oids.length);
  expect(ledger.orders.filter((o) => o.st === 8).length).toBeLessThanOrEqual(16);
  for (const p of ledger.positions) expect(Number.isSafeInteger(p.s) && p.s >= 1 && p.s <= MAX_SIZE).toBe(true);
  // It trades on: blocks and flow run, every figure served stays a safe integer, and no money appears.
  for (let i = 0; i < 3; i++) driver.block();
  engine.flowStep(driver.timeMs, driver.head);
  expect(Number.isSafeInteger(engine.marketState(1)!.oi)).toBe(true);
  const supply = engine.moneySupply();
  expect(supply.total).toBe(supply.deposits);
}

describe('state files fuzz', () => {
  it('the saved state itself loads', () => {
    const loaded = loadState(JSON.stringify(SAVED));
    expect(loaded).not.toBeInstanceOf(StateFileError);
    const { driver, id } = loaded as { driver: EngineDriver; id: number };
    checkLoaded(driver, id);
  });

  it('a saved state with a field replaced, removed or repeated loads whole and sane, or is refused as a state file', () => {
    let refused = 0;
    fc.assert(
      fc.property(damagedState, (state) => {
        const loaded = loadState(JSON.stringify(state));
        if (loaded instanceof StateFileError) {
          expect(loaded.message).toMatch(/^--state: /);
          refused++;
          return;
        }
        checkLoaded(loaded.driver, loaded.id);
      }),
      { numRuns: 300 },
    );
    expect(refused).toBeGreaterThan(0);
  });

  it('text that is not a state at all is refused as a state file', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v))), (text) => {
        expect(loadState(text)).toBeInstanceOf(StateFileError);
      }),
      { numRuns: 150 },
    );
  });
});

// ---------- recordings ----------

const RECORDING_LINES = [
  { recording: 1, network: 'local', chainId: 31337, startedAt: 1_000, markets: ['BTC'] },
  { t: 0, at: 1_000, dir: 'in', ch: 'md', frame: { mt: 100, sn: 1, h: 1 } },
  { t: 5, at: 1_005, dir: 'in', ch: 'rest', frame: { url: '/v1/pub/context', status: 200, body: { markets: [] } } },
  { t: 9, at: 1_009, ch: 'trading', event: 'close', code: 1006 },
].map((l) => `${JSON.stringify(l)}\n`);
const PLAIN = Buffer.from(RECORDING_LINES.join(''));
const GZIP = gzipSync(PLAIN);

const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.nat(2));
function damage(bytes: Buffer, edits: [number, number, number][]): Buffer {
  let out = Array.from(bytes);
  for (const [pos, byte, kind] of edits) {
    const at = out.length === 0 ? 0 : pos % out.length;
    if (kind === 0) out[at] = byte;
    else if (kind === 1) out = out.slice(0, at);
    else out.splice(at, 0, byte);
  }
  return Buffer.from(out);
}
const recordingBytes = fc.oneof(
  fc.tuple(fc.constantFrom(PLAIN, GZIP), fc.array(edit, { minLength: 1, maxLength: 4 })).map(([b, e]) => damage(b, e)),
  fc.array(fc.constantFrom(...RECORDING_LINES, '{"t":1}\n', 'not json\n', `${'['.repeat(3_000)}\n`, '\u001b]0;x\u0007\n'), { maxLength: 8 }).map((ls) => Buffer.from(ls.join(''))),
  fc.tuple(fc.integer({ min: 1, max: 4 }), fc.boolean()).map(([n, cut]) => {
    // Several gzip members (a recording appended to), maybe cut short as a crash leaves it.
    const joined = Buffer.concat(Array.from({ length: n }, () => GZIP));
    return cut ? joined.subarray(0, joined.length - 7) : joined;
  }),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.uint8Array({ maxLength: 300 }).map((a) => gzipSync(a)),
);

describe('recordings fuzz', () => {
  it('damaged, cut, re-compressed or random recordings read, or are refused as input, never anything else', () => {
    let n = 0;
    fc.assert(
      fc.property(recordingBytes, (bytes) => {
        const file = join(dir, `rec-${n++}.ndjson`);
        writeFileSync(file, bytes);
        let recording;
        try {
          recording = readRecording(file);
        } catch (e) {
          expect(e).toBeInstanceOf(PerplError);
          return;
        }
        expect(recording.header.recording).toBe(1);
        for (const line of recording.lines) expect(typeof line.t).toBe('number');
      }),
      { numRuns: 300 },
    );
  });
});
