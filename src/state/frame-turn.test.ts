import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FrameTurn } from './frame-turn.js';

/** A loopback socket pair: bytes written to `writer` are read by `reader` in the poll phase, as keys are. */
async function socketPair(): Promise<{ writer: Socket; reader: Socket; close: () => void }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const writer = connect(address.port, '127.0.0.1');
  await once(writer, 'connect');
  const [reader] = await accepted;
  return {
    writer,
    reader,
    close: () => {
      writer.destroy();
      reader.destroy();
      server.close();
    },
  };
}

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* a paint */
  }
}

describe('FrameTurn', () => {
  it('key-during-a-paint-goes-before-the-next-paint-due-in-the-same-turn', async () => {
    const { writer, reader, close } = await socketPair();
    const events: string[] = [];
    const keyRead = new Promise<void>((resolve) =>
      reader.once('data', () => {
        events.push('key');
        resolve();
      }),
    );
    const turn = new FrameTurn();
    const painted = new Promise<void>((resolve) => {
      // Two publishers due at the same moment: Node runs both timers before it reads input.
      setTimeout(() =>
        turn.run(() => {
          events.push('market paint');
          writer.write('y'); // the key arrives while this paint runs
          busy(30);
        }),
      );
      setTimeout(() =>
        turn.run(() => {
          events.push('trading paint');
          resolve();
        }),
      );
    });
    await Promise.all([keyRead, painted]);
    close();
    expect(events).toEqual(['market paint', 'key', 'trading paint']);
  });

  it('paints-at-once-when-nothing-painted-this-turn', () => {
    const turn = new FrameTurn();
    const events: string[] = [];
    turn.run(() => events.push('paint'));
    expect(events).toEqual(['paint']);
  });

  it('deferred-paint-still-runs', async () => {
    const turn = new FrameTurn();
    const events: string[] = [];
    turn.run(() => events.push('first'));
    const second = new Promise<void>((resolve) =>
      turn.run(() => {
        events.push('second');
        resolve();
      }),
    );
    expect(events).toEqual(['first']);
    await second;
    expect(events).toEqual(['first', 'second']);
  });

  it('follower-run-as-the-paint-runs-once: its own timer\'s turn runs it once, the other followers after it', () => {
    const turn = new FrameTurn();
    const ran: string[] = [];
    const trading = (): void => void ran.push('trading');
    turn.follow(trading);
    turn.follow(() => ran.push('other'));
    turn.run(trading);
    expect(ran).toEqual(['trading', 'other']);
  });
});

