import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyFilePath } from './home.js';
import { writeKeyFile } from './keyfile.js';
import { discoverKey, discoverKeyFile } from './keyfile-discovery.js';
import { removeLocalExchangePointer, writeLocalExchangePointer } from './local-exchange-pointer.js';

const home = mkdtempSync(join(tmpdir(), 'perpl-discover-'));
const env = { PERPL_HOME: home };
afterAll(() => rm(home, { recursive: true, force: true }));
const seed = (b: number) => new Uint8Array(32).fill(b);

describe('discoverKeyFile', () => {
  it('finds nothing in an empty home, and honours PERPL_KEY_FILE and environment credentials', async () => {
    expect(await discoverKeyFile(env, { name: 'testnet', chainId: 10143 })).toBeUndefined();
    expect(await discoverKeyFile({ ...env, PERPL_KEY_FILE: '/k.json' })).toBe('/k.json');
    expect(await discoverKeyFile({ ...env, PERPL_API_KEY: 't', PERPL_API_SECRET: 's' })).toBeUndefined();
  });

  it('does not pick a testnet key for mainnet; picks the only enrolled key of the chain', async () => {
    await writeKeyFile(keyFilePath('tn', env), { chainId: 10143, enrolledAt: 1 }, { seed: seed(1), apiKey: 'a' });
    await writeKeyFile(keyFilePath('unenrolled', env), { chainId: 143 }, { seed: seed(2) });
    expect(await discoverKeyFile(env, { name: 'testnet', chainId: 10143 })).toBe('tn');
    expect(await discoverKeyFile(env, { name: 'mainnet', chainId: 143 })).toBeUndefined();
  });

  it('prefers keys/default.json when it belongs to the chain, and the demo key on local', async () => {
    await writeKeyFile(keyFilePath('default', env), { chainId: 143, enrolledAt: 1 }, { seed: seed(3), apiKey: 'b' });
    await writeKeyFile(keyFilePath('local-demo', env), { chainId: 31337 }, { seed: seed(4), apiKey: 'c' });
    expect(await discoverKeyFile(env, { name: 'mainnet', chainId: 143 })).toBe('default');
    expect(await discoverKeyFile(env, { name: 'testnet', chainId: 10143 })).toBe('tn');
    expect(await discoverKeyFile(env, { name: 'local', chainId: 31337 })).toBe('local-demo');
  });

  it('one-key-rule-newest-enrolled-and-unenrolled-skipped: several enrolled keys of a chain give the newest; an unenrolled default is skipped and named', async () => {
    const h = mkdtempSync(join(tmpdir(), 'perpl-discover-rule-'));
    const e = { PERPL_HOME: h };
    try {
      await writeKeyFile(keyFilePath('old', e), { chainId: 10143, enrolledAt: 100 }, { seed: seed(5), apiKey: 'o' });
      await writeKeyFile(keyFilePath('new', e), { chainId: 10143, enrolledAt: 200 }, { seed: seed(6), apiKey: 'n' });
      expect(await discoverKeyFile(e, { name: 'testnet', chainId: 10143 })).toBe('new');
      // `perpl keys new` without a name: keys/default.json, not enrolled yet.
      await writeKeyFile(keyFilePath('default', e), {}, { seed: seed(7) });
      await writeKeyFile(keyFilePath('local-demo', e), { chainId: 31337 }, { seed: seed(8), apiKey: 'd' });
      const onLocal = await discoverKey(e, { name: 'local', chainId: 31337 });
      expect(onLocal).toMatchObject({ ref: 'local-demo', unenrolled: ['default'] });
      expect((await discoverKey(e, { name: 'testnet', chainId: 10143 })).ref).toBe('new');
    } finally {
      await rm(h, { recursive: true, force: true });
    }
  });

  it('running-terminal-exchange-before-local-demo: with no port named, the key of a running terminal\'s own exchange beats a perpl sim\'s local-demo.json', async () => {
    const h = mkdtempSync(join(tmpdir(), 'perpl-discover-pointer-'));
    const e = { PERPL_HOME: h };
    try {
      await writeKeyFile(keyFilePath('local-demo', e), { chainId: 31337, restBase: 'http://127.0.0.1:7070/api' }, { seed: seed(8), apiKey: 'sim' });
      await writeKeyFile(keyFilePath('local-demo-41234', e), { chainId: 31337, restBase: 'http://127.0.0.1:41234/api' }, { seed: seed(9), apiKey: 'own' });
      const keyFile = keyFilePath('local-demo-41234', e);
      const pointer = writeLocalExchangePointer(e, { rest: 'http://127.0.0.1:41234/api', ws: 'ws://127.0.0.1:41234', chainId: 31337, keyFile });
      const found = await discoverKey(e, { name: 'local', chainId: 31337 });
      expect(found.ref).toBe(keyFile);
      expect(found.why).toContain(`process ${process.pid}`);
      expect(await discoverKeyFile(e, {})).toBe(keyFile);
      // A port named is that exchange's key; another network never takes it.
      expect(await discoverKeyFile(e, { name: 'local', chainId: 31337, port: 7070 })).toBe('local-demo');
      expect(await discoverKeyFile(e, { name: 'testnet', chainId: 10143 })).toBeUndefined();
      removeLocalExchangePointer(pointer);
      expect(await discoverKeyFile(e, { name: 'local', chainId: 31337 })).toBe('local-demo');
    } finally {
      await rm(h, { recursive: true, force: true });
    }
  });
});
