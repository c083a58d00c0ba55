// bad-frames-are-logged-and-counted: the local exchange sends garbage frames on both sockets; the app
// skips them, the status bar counts them ("N bad frames") and $PERPL_HOME/logs/perpl.log (0600) names
// each one's type and reason, plus the resyncs and reconnects they caused, without ever quoting a frame
// body or the key's token or seed. Before, the app counted bad frames and told no one.

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appLogPath } from '../../src/app/app-log.js';
import { useScreenExchange } from '../helpers/screen-exchange.js';
import { eventually } from '../helpers/terminal.js';

const exchange = useScreenExchange('perpl-bad-frames-', { blockMs: 100, seed: 11, flowStepsPerSec: 10 });

describe('bad frames in the app', () => {
  it('bad-frames-are-logged-and-counted: the status bar counts them, the log says which and why', async () => {
    const home = mkdtempSync(join(tmpdir(), 'perpl-bad-frames-app-'));
    try {
      const running = await exchange.open(140, 40, undefined, { keyFile: exchange.sim.demoKeyFile, home, appLog: true });
      const { store } = running.app;
      await eventually(() => store.getState().keyScope === 'trade' && store.getState().trading.health?.health === 'live', 15_000, 'a live trading session');
      await running.vt.waitFor('● live', 15_000);
      expect(running.vt.screenText()).not.toMatch(/bad frame/);

      exchange.sim.control.setFaults({ name: 'garbage', garbage: 0.3 });
      // Which frames the faults garble is chance: keep them on until an order-book frame was among them (its
      // resync is what the log must name), not just until both sockets saw two.
      const logSoFar = (): string => {
        try {
          return readFileSync(appLogPath(home), 'utf8');
        } catch {
          return '';
        }
      };
      await eventually(
        () => store.getState().badFrames.marketData >= 2 && store.getState().badFrames.trading >= 2 && /market data: resync \(malformed order-book frame\)/.test(logSoFar()),
        40_000,
        'bad frames on both sockets, one of them an order-book frame',
      );
      exchange.sim.control.setFaults('none');
      // The count on screen catches up with both sockets' counts.
      const total = (): number => store.getState().badFrames.marketData + store.getState().badFrames.trading;
      await running.vt.waitFor((s) => Number(/(\d+) bad frames/.exec(s)?.[1] ?? 0) === total(), 10_000);
      expect(total()).toBeGreaterThanOrEqual(4);

      await running.close();
      const path = appLogPath(home);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const log = readFileSync(path, 'utf8');
      // Each bad frame: which socket, its type when it has one, and why.
      expect(log).toMatch(/\[md\] market data: skipped malformed frame( \(mt \d+\))?: /);
      expect(log).toMatch(/\[trading\] trading: skipped a malformed frame( \(mt \d+\))?: /);
      expect(log).toMatch(/unknown server message type mt 4242/);
      expect(log).toMatch(/skipped (a )?malformed frame \(mt 16\): frame is not valid JSON/);
      // What they caused: a resync of the book, and the reconnect that does it.
      expect(log).toMatch(/market data: resync \(malformed order-book frame\)/);
      expect(log).toMatch(/ws ws:\/\/\S+\/ws\/v1\/market-data: reconnecting in \d+ ms \(malformed order-book frame\)/);
      // Never a frame body, never the key.
      expect(log).not.toContain('not json at all');
      expect(log).not.toContain('"sid":');
      expect(log).not.toContain('\u0000');
      const demo = JSON.parse(readFileSync(exchange.sim.demoKeyFile, 'utf8')) as { api_key: string; private_key: string };
      expect(log).not.toContain(demo.api_key);
      expect(log.toLowerCase()).not.toContain(demo.private_key.toLowerCase());
    } finally {
      exchange.sim.control.setFaults('none');
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
