// recording-holds-no-sign-in-secret: a trading socket signed in with the local exchange's demo key is
// recorded through the tap; the file has the session (mt 29 out, mt 19 in) but not the token, the
// sign-in's signature or nonce, nor the seed.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiKeySigner } from '../../src/auth/signer.js';
import type { ApiKeySignInFrame } from '../../src/protocol/frames.js';
import { FrameRecorder, STRIPPED, readRecording, recordingText, type FrameLine } from '../../src/transport/record/index.js';
import { ReconnectingSocket } from '../../src/transport/ws/index.js';
import { type SimFixture, startFixture, until } from './helpers.js';

let f: SimFixture;
beforeAll(async () => {
  f = await startFixture({ flow: 5 });
});
afterAll(async () => {
  await f?.stop();
});

it('a recorded trading session keeps its frames and loses its secrets', async () => {
  const demo = JSON.parse(readFileSync(f.sim.demoKeyFile, 'utf8')) as { api_key: string; private_key: string };
  const seed = Buffer.from(demo.private_key, 'hex');
  const signer = new ApiKeySigner({ apiKey: demo.api_key, seed }, f.sim.chainId);
  const sent: ApiKeySignInFrame[] = [];
  const path = join(f.dir, 'trading.ndjson');
  const secrets = [demo.api_key, demo.private_key, seed.toString('base64'), seed.toString('base64url')];
  const recorder = new FrameRecorder({ path, network: 'local', chainId: f.sim.chainId, secrets });
  let walletSnapshot = false;
  const socket = new ReconnectingSocket({
    url: `${f.sim.ws}/ws/v1/trading`,
    tap: recorder.tap('trading'),
    onOpen: (conn) => {
      const frame = signer.signWsSignIn();
      sent.push(frame);
      conn.send(JSON.stringify(frame));
    },
    onFrame: (text) => {
      if (text.includes('"mt":19')) walletSnapshot = true;
    },
  });
  socket.start();
  await until(() => walletSnapshot, 'the wallet snapshot (signed in)');
  socket.send(JSON.stringify({ mt: 1, t: Date.now() }));
  socket.stop();
  await recorder.close();

  const text = recordingText(readFileSync(path));
  const signIn = sent[0]!;
  for (const secret of [...secrets, signIn.signature, signIn.nonce]) expect(text).not.toContain(secret);
  const frames = readRecording(path).lines.filter((l): l is FrameLine => 'dir' in l);
  const out = frames.find((l) => l.dir === 'out' && (l.frame as { mt?: number }).mt === 29);
  expect(out?.frame).toEqual({ ...signIn, api_key: STRIPPED, nonce: STRIPPED, signature: STRIPPED });
  expect(frames.some((l) => l.dir === 'in' && (l.frame as { mt?: number }).mt === 19)).toBe(true);
  expect(frames.some((l) => l.dir === 'out' && (l.frame as { mt?: number }).mt === 1)).toBe(true);
  const events = readRecording(path).lines.filter((l) => 'event' in l).map((l) => ('event' in l ? l.event : ''));
  expect(events).toEqual(['open', 'close']);
});
