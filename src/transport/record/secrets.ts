// The strings a recording must never hold for one API key: the token and the seed in every text form
// it is commonly written in (hex either case, base64, base64url). Given to FrameRecorder({ secrets }).

export function recordingSecrets(key: { apiKey: string; seed: Uint8Array }): string[] {
  const seed = Buffer.from(key.seed);
  const hex = seed.toString('hex');
  return [key.apiKey, hex, hex.toUpperCase(), seed.toString('base64'), seed.toString('base64url')];
}
