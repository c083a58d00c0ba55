// Issue 17 item 4 on screen, against the local exchange at 200x50 and 80x24: the terminal says which key it
// signs with, as every perpl command does: the key file and its public key in `:key` (with the rule it
// was picked by), in the `?` help, and (where the account box is drawn) on the account box's last row.
// Never the secret.

import { describe, expect, it } from 'vitest';
import { readKeyFile } from '../../src/auth/keyfile.js';
import { publicKeyHexOf } from '../../src/auth/keyfile-format.js';
import { eventually, KEYS } from '../helpers/terminal.js';
import { runCommand, useTradingScreen } from '../helpers/trading-screen.js';

const UI_MS = 20_000;
const EXCHANGE_MS = 30_000;
const TEST_MS = 120_000;

describe.each([
  { cols: 200, rows: 50 },
  { cols: 80, rows: 24 },
])('the key in use ($cols x $rows)', (size) => {
  const screen = useTradingScreen(`perpl-key-${size.cols}-`, { blockMs: 100, seed: 4 }, { exchangeMs: EXCHANGE_MS, hookMs: TEST_MS }, size);
  const vt = () => screen.app.vt;
  const state = () => screen.app.app.store.getState();
  const text = () => vt().lines().join('\n');

  it('terminal-names-the-key-it-signs-with: :key, the help and the account box name the key file and public key, never the secret', async () => {
    const keyFile = screen.sim.demoKeyFile;
    const doc = await readKeyFile(keyFile);
    if (doc.kind !== 'plain') throw new Error('the demo key file is plain');
    const publicKey = state().keyInUse?.publicKeyHex ?? '';
    // The key on screen is the file's own.
    expect(publicKey).toBe(publicKeyHexOf(doc.secrets.seed));
    const secrets = [Buffer.from(doc.secrets.seed).toString('hex'), ...(doc.secrets.apiKey ? [doc.secrets.apiKey] : [])];

    await runCommand(screen.app, 'key');
    await vt().waitFor('API key in use', UI_MS);
    await vt().waitFor(`key file    ${keyFile}`.slice(0, size.cols - 2), UI_MS);
    await vt().waitFor(`public key  ${publicKey}`, UI_MS);
    await vt().waitFor('scope       read + trade', UI_MS);
    for (const secret of secrets) expect(text()).not.toContain(secret.slice(0, 16));
    vt().press(KEYS.escape);
    await eventually(() => state().workspace.detail === null, UI_MS, 'the page to close');

    // The help names it on its own line.
    vt().press('?');
    await vt().waitFor(`key ${keyFile}`.slice(0, 40), UI_MS);
    // At 80 columns a long temporary path pushes the public key off the line: the page above showed it whole.
    if (size.cols >= 200) await vt().waitFor(`public key ${publicKey.slice(0, 10)}`, UI_MS);
    vt().press(KEYS.escape);
    await eventually(() => !state().workspace.help.open, UI_MS, 'the help to close');

    // The account box (drawn at 200x50) keeps it on its last free row.
    if (size.cols >= 200) await vt().waitFor(/│key \/\S+/, UI_MS);
  }, TEST_MS);
});
