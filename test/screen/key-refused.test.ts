// key-refused-says-so: when the exchange refuses the key (the trading socket is closed with 3401, as for a
// revoked key, a key of another exchange or one never enrolled there), the terminal says "key refused by
// the exchange" with the exchange's reason and what to do (enroll it with `perpl keys enroll`, check the
// key file, the network and the clock): in the trading tabs, in the footer's order keys and when an order
// key is pressed. Before, the footer said "off: disconnected" and the tabs "no open positions".

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScopeMask } from '../../src/protocol/enums.js';
import { writeDemoKeyFile } from '../../src/sim/server/demo-key-file.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually } from '../helpers/terminal.js';

const exchange = useScreenExchange('perpl-key-refused-', { blockMs: 100, seed: 13, flowStepsPerSec: 5 });

describe('a key the exchange refuses', () => {
  it('key-refused-says-so: the tabs, the footer and an order key say the key was refused, why and what to do', async () => {
    const { sim } = exchange;
    const wallet = sim.control.createWallet({ orderForwarding: true });
    const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
    sim.control.revokeKey(key.apiKey);
    const home = mkdtempSync(join(tmpdir(), 'perpl-key-refused-app-'));
    try {
      const keyFile = writeDemoKeyFile(home, {
        api_key: key.apiKey, private_key: key.seedHex, network: 'local', chain_id: sim.chainId,
        scope_mask: ScopeMask.ReadTrade, expires_at: 0, rest: sim.rest, ws: sim.ws,
      });
      const { vt, app } = await exchange.open(200, 50, undefined, { keyFile, home });
      await vt.waitFor('spread ', 20_000);
      vt.press('4'); // the trading tabs, on Positions
      const said = 'key refused by the exchange (unauthorized): enroll it with `perpl keys enroll`, or check the key file, the network and the clock';
      await vt.waitFor(said, 20_000);
      expect(vt.screenText()).not.toContain('no open positions');
      // The footer keeps the order keys, dimmed, with the short reason.
      const footer = () => vt.lines()[48] ?? '';
      expect(footer()).toContain('(off: key refused)');
      expect(footer()).not.toContain('disconnected');
      // trading-health-beside-market-data: the header says trading is down while the market data is live.
      await vt.waitFor((screen) => (screen.split('\n')[0] ?? '').includes('trading ✕ key refused'), 10_000);
      expect(vt.lines()[0]).toMatch(/● live +trading ✕ key refused/);
      // An order key says the whole of it.
      vt.press('b');
      await eventually(() => (app.store.getState().notice ?? '').startsWith('orders disabled: key refused by the exchange (unauthorized)'), 10_000, 'the notice');
      expect(app.store.getState().trading.lockReason).toBe(said);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);

  it('key-refused-reads-whole-at-80x24: the sentence wraps in the tabs instead of losing what to do', async () => {
    const { sim } = exchange;
    const wallet = sim.control.createWallet({ orderForwarding: true });
    const key = sim.control.issueKey({ address: wallet.address, scopeMask: ScopeMask.ReadTrade });
    sim.control.revokeKey(key.apiKey);
    const home = mkdtempSync(join(tmpdir(), 'perpl-key-refused-app-'));
    try {
      const keyFile = writeDemoKeyFile(home, {
        api_key: key.apiKey, private_key: key.seedHex, network: 'local', chain_id: sim.chainId,
        scope_mask: ScopeMask.ReadTrade, expires_at: 0, rest: sim.rest, ws: sim.ws,
      });
      const { vt } = await exchange.open(80, 24, undefined, { keyFile, home });
      vt.press('4');
      await vt.waitFor('key refused by the exchange (unauthorized)', 20_000);
      const text = vt.lines().map((l) => l.replace(/^│|│$/g, '').trim()).join(' ');
      expect(text).toContain('enroll it with `perpl keys enroll`, or check the key file, the network and the clock');
      expect(vt.lines()[22]).toContain('(off: key refused)');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
