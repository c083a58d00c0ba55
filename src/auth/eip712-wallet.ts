// The wallet side of enrollment: secp256k1 EIP-712 signatures with viem, made locally from a wallet
// private key that only ever comes from a file or the environment (never a process argument).

import { recoverTypedDataAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { PermanentError } from '../protocol/errors.js';
import { normalizeTypedData, TypedDataError } from './eip712.js';

export class WalletKeyError extends PermanentError {}

/** Parses a secp256k1 private key (64 hex, 0x optional) without ever quoting it. */
export function walletKeyFromText(text: string, source: string): Hex {
  const t = text.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(t)) {
    throw new WalletKeyError(`the wallet private key from ${source} is not 64 hex characters`, {
      hint: 'the file (or PERPL_WALLET_KEY) must hold only the 32-byte secp256k1 key, 0x optional',
    });
  }
  return `0x${t.toLowerCase()}`;
}

/** viem's account; its error for an out-of-range key quotes the key (as a number), so it is replaced. */
function accountOf(privateKey: Hex): ReturnType<typeof privateKeyToAccount> {
  try {
    return privateKeyToAccount(privateKey);
  } catch {
    throw new WalletKeyError('the wallet private key is not a valid secp256k1 key (zero or beyond the curve order)');
  }
}

/** Address of a wallet private key. */
export function walletAddress(privateKey: Hex): Hex {
  return accountOf(privateKey).address;
}

type ViemTypedData = Parameters<ReturnType<typeof privateKeyToAccount>['signTypedData']>[0];

/** 65-byte EIP-712 signature (0x-hex) over the served typed data. */
export async function signTypedDataWithWallet(privateKey: Hex, typedData: unknown): Promise<Hex> {
  const n = normalizeTypedData(typedData);
  const account = accountOf(privateKey);
  try {
    // The served EIP712Domain stays in `types`: viem then hashes the domain exactly as served.
    return await account.signTypedData({ domain: n.domain, types: n.types, primaryType: n.primaryType, message: n.message } as ViemTypedData);
  } catch (e) {
    // viem's message quotes the offending served value (an "address" holding an escape sequence):
    // a TypedDataError shows it sanitized. Never the key: viem's errors here are about the typed data.
    throw new TypedDataError(`the typed data cannot be signed: ${(e as Error).message.split('\n')[0]}`, { cause: e });
  }
}

/** True when `text` looks like a 65-byte 0x-hex signature. */
export function isSignatureHex(text: string): text is Hex {
  return /^0x[0-9a-fA-F]{130}$/.test(text.trim());
}

/** The address that made `signature` over the typed data; throws TypedDataError for a malformed signature. */
export async function recoverTypedDataSigner(typedData: unknown, signature: string): Promise<Hex> {
  if (!isSignatureHex(signature)) {
    throw new TypedDataError('the wallet signature is malformed: expected 0x followed by 130 hex characters (65 bytes)');
  }
  const n = normalizeTypedData(typedData);
  try {
    return await recoverTypedDataAddress({ domain: n.domain, types: n.types, primaryType: n.primaryType, message: n.message, signature: signature.trim() as Hex } as Parameters<typeof recoverTypedDataAddress>[0]);
  } catch (e) {
    throw new TypedDataError('the wallet signature is malformed: it does not recover to any address', { cause: e });
  }
}
