import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { addressOfPrivateKey, newThrowawayWallet } from './throwaway-wallet.js';

describe('throwaway wallets of the local exchange', () => {
  it('known-address: the well-known Hardhat key #1 gives its published address', () => {
    expect(addressOfPrivateKey('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
  });

  it('address-matches-viem: every new wallet\'s address is the one viem derives from its private key', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const w = newThrowawayWallet();
      expect(w.privateKey).toMatch(/^0x[0-9a-f]{64}$/);
      expect(w.address).toBe(privateKeyToAccount(w.privateKey as `0x${string}`).address.toLowerCase());
      seen.add(w.privateKey);
    }
    expect(seen.size).toBe(25);
  });
});
