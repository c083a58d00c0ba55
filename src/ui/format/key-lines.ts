// Which API key the terminal signs with, in words (`:key`, the account box, the help): where it came from
// (the key file, home-shortened, or the env variables) and its public key. Never the secret: the store
// holds only these two (state/store.ts KeyInUse). Pure.

import type { KeyInUse, KeyScope } from '../../state/store.js';

/** The rule every perpl command picks its key by (auth/keyfile-discovery.ts), for the trader. */
export const KEY_RULE =
  '--key-file, else $PERPL_KEY_FILE, else PERPL_API_KEY + PERPL_API_SECRET, else keys/default.json, else (local) the exchange\'s demo key, else the newest enrolled key of the chain';

/** "3f2a9c41d0…": enough of the public key to tell keys apart. */
export const shortPublicKey = (hex: string): string => (hex.length > 10 ? `${hex.slice(0, 10)}…` : hex);

/** One line: "key ~/.perpl/keys/a.json (public key 3f2a9c41d0…)", or that none is loaded. */
export function keyInUseLine(key: KeyInUse | null): string {
  return key ? `key ${key.source} (public key ${shortPublicKey(key.publicKeyHex)})` : 'no key loaded: market data only';
}

export function keyPageLines(key: KeyInUse | null, scope: KeyScope): string[] {
  const rule = `picked by the rule of every perpl command: ${KEY_RULE}`;
  if (!key) return ['no key loaded: market data only (read-only)', rule, 'perpl doctor says which key each command would use and why'];
  return [
    `key file    ${key.source}`,
    `public key  ${key.publicKeyHex}`,
    `scope       ${scope === 'trade' ? 'read + trade' : scope === 'read' ? 'read only' : 'none'}`,
    rule,
    'the secret stays in the key file: it is never shown, logged or recorded',
  ];
}
