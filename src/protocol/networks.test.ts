import { describe, expect, it } from 'vitest';
import { InputError } from './errors.js';
import { LIVE_NETWORKS, marketDataWsUrl, normalizeRestBase, resolveNetwork, tradingWsUrl, wsBaseFromRestBase } from './networks.js';
import { thrownBy } from './thrown.fixtures.js';

const LOCAL = { rest: 'http://127.0.0.1:43111/api', ws: 'ws://127.0.0.1:43111', chainId: 31337 };

const inputError = (f: () => unknown): InputError => thrownBy(f, InputError);

describe('networks', () => {
  it('built-ins-match-wire-section-1', () => {
    expect(resolveNetwork({ network: 'mainnet' })).toEqual({
      name: 'mainnet',
      chainId: 143,
      restBase: 'https://app.perpl.xyz/api',
      wsBase: 'wss://app.perpl.xyz',
      appUrl: 'https://app.perpl.xyz',
      isMainnet: true,
    });
    const t = resolveNetwork({ network: 'TESTNET' });
    expect([t.chainId, t.restBase, t.wsBase, t.isMainnet]).toEqual([10143, 'https://testnet.perpl.xyz/api', 'wss://testnet.perpl.xyz', false]);
    expect(tradingWsUrl(t)).toBe('wss://testnet.perpl.xyz/ws/v1/trading');
    expect(marketDataWsUrl(t)).toBe('wss://testnet.perpl.xyz/ws/v1/market-data');
  });

  it('rest-base-ends-in-api-and-ws-base-does-not', () => {
    for (const n of Object.values(LIVE_NETWORKS)) {
      expect(n.restBase.endsWith('/api')).toBe(true);
      expect(n.wsBase.endsWith('/api')).toBe(false);
    }
  });

  it('local-takes-addresses-from-the-running-exchange', () => {
    const n = resolveNetwork({ network: 'local' }, LOCAL);
    expect(n).toMatchObject({ name: 'local', chainId: 31337, restBase: LOCAL.rest, wsBase: LOCAL.ws, isMainnet: false });
    expect(resolveNetwork({}, LOCAL).name).toBe('local');
  });

  it('local-without-a-running-exchange-explains-what-to-pass', () => {
    const e = inputError(() => resolveNetwork({ network: 'local' }));
    expect(e.hint).toMatch(/--base-url/);
  });

  it('unknown-network-name-is-refused', () => {
    const e = inputError(() => resolveNetwork({ network: 'devnet' }));
    expect(e.shortMessage).toContain('devnet');
    expect(e.hint).toMatch(/mainnet, testnet, local/);
  });

  it('base-url-without-chain-id-is-refused', () => {
    const e = inputError(() => resolveNetwork({ baseUrl: 'https://staging.example.com/api' }));
    expect(e.shortMessage).toMatch(/--chain-id/);
  });

  it('base-url-derives-ws-url-and-adds-missing-api-segment', () => {
    const n = resolveNetwork({ baseUrl: 'https://staging.example.com/', chainId: 10143 });
    expect(n).toEqual({
      name: 'custom',
      chainId: 10143,
      restBase: 'https://staging.example.com/api',
      wsBase: 'wss://staging.example.com',
      appUrl: 'https://staging.example.com',
      isMainnet: false,
    });
    expect(resolveNetwork({ baseUrl: 'http://127.0.0.1:9000/api/', chainId: 31337 }).wsBase).toBe('ws://127.0.0.1:9000');
  });

  it('base-url-with-named-network-takes-its-chain-id', () => {
    const n = resolveNetwork({ network: 'testnet', baseUrl: 'http://localhost:8080/api' });
    expect([n.name, n.chainId, n.restBase]).toEqual(['testnet', 10143, 'http://localhost:8080/api']);
    const l = resolveNetwork({ network: 'local', baseUrl: 'http://127.0.0.1:5555' });
    expect([l.chainId, l.restBase, l.wsBase]).toEqual([31337, 'http://127.0.0.1:5555/api', 'ws://127.0.0.1:5555']);
  });

  it('chain-id-conflicting-with-named-network-is-refused', () => {
    inputError(() => resolveNetwork({ network: 'mainnet', chainId: 10143 }));
    expect(resolveNetwork({ network: 'mainnet', chainId: 143 }).chainId).toBe(143);
  });

  it('explicit-ws-url-overrides-the-derived-one', () => {
    const n = resolveNetwork({ network: 'testnet', wsUrl: 'wss://proxy.example.com/' });
    expect(n.wsBase).toBe('wss://proxy.example.com');
    expect(n.restBase).toBe('https://testnet.perpl.xyz/api');
  });

  it.each([
    [{ baseUrl: 'not a url', chainId: 1 }, /not a URL/],
    [{ baseUrl: 'ftp://x/api', chainId: 1 }, /http/],
    [{ baseUrl: 'https://x/api?y=1', chainId: 1 }, /query/],
    [{ baseUrl: 'https://u:p@x/api', chainId: 1 }, /password/],
    [{ network: 'testnet', wsUrl: 'https://x' }, /ws/],
    [{ baseUrl: 'https://x/api', chainId: -5 }, /positive integer/],
  ])('malformed-option-is-refused (%o)', (opts, reason) => {
    expect(inputError(() => resolveNetwork(opts)).shortMessage).toMatch(reason);
  });

  it('mainnet-flag-follows-the-chain-id-not-the-name', () => {
    expect(resolveNetwork({ baseUrl: 'https://mirror.example/api', chainId: 143 }).isMainnet).toBe(true);
  });

  it.each([
    [{ baseUrl: 'http://exchange.example.com/api', chainId: 1 }, /REST address http:\/\/exchange\.example\.com\/api .*--insecure/],
    [{ baseUrl: 'http://10.0.0.8:8080/api', chainId: 1 }, /REST address .*--insecure/],
    [{ baseUrl: 'http://0.0.0.0:8080/api', chainId: 1 }, /REST address .*--insecure/],
    [{ baseUrl: 'http://[::ffff:7f00:1]/api', chainId: 1 }, /REST address .*--insecure/],
    [{ network: 'testnet', wsUrl: 'ws://proxy.example.com' }, /WebSocket address ws:\/\/proxy\.example\.com .*--insecure/],
    [{ baseUrl: 'https://exchange.example.com/api', wsUrl: 'ws://exchange.example.com', chainId: 1 }, /WebSocket address .*--insecure/],
  ])('plain-text-to-a-remote-host-is-refused-naming-insecure (%o)', (opts, reason) => {
    const e = inputError(() => resolveNetwork(opts));
    expect(e.shortMessage).toMatch(reason);
    expect(e.hint).toMatch(/https:\/\/|wss:\/\//);
    // The explicit flag accepts the same addresses as given.
    expect(resolveNetwork({ ...opts, insecure: true }).chainId).toBe('chainId' in opts ? opts.chainId : 10143);
  });

  it('plain-text-from-a-key-file-or-demo-file-is-refused-too', () => {
    const remoteLocal = { rest: 'http://203.0.113.9:43111/api', ws: 'ws://203.0.113.9:43111', chainId: 31337 };
    expect(inputError(() => resolveNetwork({ network: 'local' }, remoteLocal)).shortMessage).toMatch(/--insecure/);
    expect(resolveNetwork({ network: 'local', insecure: true }, remoteLocal).restBase).toBe(remoteLocal.rest);
  });

  it.each(['http://127.0.0.1:9000/api', 'http://127.8.9.10/api', 'http://localhost:8080/api', 'http://LOCALHOST:8080', 'http://[::1]:8080/api', 'http://127.1:9000'])(
    'plain-text-to-loopback-needs-no-flag (%s)',
    (baseUrl) => {
      const n = resolveNetwork({ baseUrl, chainId: 31337 });
      expect(n.restBase.startsWith('http://')).toBe(true);
      expect(n.wsBase.startsWith('ws://')).toBe(true);
    },
  );

  it('tls-to-a-remote-host-needs-no-flag', () => {
    const n = resolveNetwork({ baseUrl: 'https://exchange.example.com/api', wsUrl: 'wss://ws.example.com', chainId: 1 });
    expect([n.restBase, n.wsBase]).toEqual(['https://exchange.example.com/api', 'wss://ws.example.com']);
    expect(resolveNetwork({ network: 'mainnet' }).restBase).toBe('https://app.perpl.xyz/api');
  });

  it('helpers-normalize-trailing-slashes', () => {
    expect(normalizeRestBase('https://a.b/x/api/')).toBe('https://a.b/x/api');
    expect(wsBaseFromRestBase('https://a.b/x/api')).toBe('wss://a.b/x');
  });
});
