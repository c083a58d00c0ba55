// Typed-data samples shaped like the served enrollment payloads (wire.md 3.3): the current 11-field
// message and the older 6-field one. Values are made up; shapes (hex chainId/time, zero
// verifyingContract, salt with 12 per-request bytes) follow the observed payloads.

export const REGISTER_DOMAIN_TYPES = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];

export const TYPED_DATA_11_FIELDS = {
  types: {
    EIP712Domain: REGISTER_DOMAIN_TYPES,
    PerplRegisterApiKey: [
      { name: 'signer', type: 'address' },
      { name: 'statement', type: 'string' },
      { name: 'publicKey', type: 'string' },
      { name: 'scope', type: 'string' },
      { name: 'label', type: 'string' },
      { name: 'expiresAt', type: 'string' },
      { name: 'ipCidrs', type: 'string' },
      { name: 'origin', type: 'string' },
      { name: 'builderId', type: 'string' },
      { name: 'maxBuilderFeePer100K', type: 'string' },
      { name: 'time', type: 'uint64' },
    ],
  },
  primaryType: 'PerplRegisterApiKey',
  domain: {
    name: 'perpl.xyz',
    version: '1',
    chainId: '0x8f',
    verifyingContract: '0x0000000000000000000000000000000000000000',
    salt: '0x0000000000000000000000000000000000000000691f4c2aa1b2c3d4e5f60718',
  },
  message: {
    signer: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    statement: 'I authorize the creation of Perpl API key with the specified scope and parameters',
    publicKey: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
    scope: '3',
    label: 'my-tui',
    expiresAt: '0',
    ipCidrs: '',
    origin: '',
    builderId: '0',
    maxBuilderFeePer100K: '0',
    time: '0x1a0ced1983c',
  },
};

export const TYPED_DATA_6_FIELDS = {
  types: {
    EIP712Domain: REGISTER_DOMAIN_TYPES,
    PerplRegisterApiKey: [
      { name: 'signer', type: 'address' },
      { name: 'statement', type: 'string' },
      { name: 'publicKey', type: 'string' },
      { name: 'scope', type: 'string' },
      { name: 'label', type: 'string' },
      { name: 'time', type: 'uint64' },
    ],
  },
  primaryType: 'PerplRegisterApiKey',
  domain: {
    name: 'perpl.xyz',
    version: '1',
    chainId: '0x279f',
    verifyingContract: '0x0000000000000000000000000000000000000000',
    salt: '0x00000000000000000000000000000000000000006898a1b20102030405060708',
  },
  message: {
    signer: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    statement: 'I authorize the creation of Perpl API key with the specified scope and parameters',
    publicKey: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
    scope: '1',
    label: 'old-bot',
    time: '0x198b6a1c000',
  },
};
