import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ConnectionsPerAddress } from './connections-per-address.js';

describe('connections per address', () => {
  it('admits up to the cap per address, and one more once a counted socket closes', () => {
    const open = new ConnectionsPerAddress(2);
    const [a, b, c] = [new EventEmitter(), new EventEmitter(), new EventEmitter()];
    expect(open.admit('10.0.0.1', a)).toBe(true);
    expect(open.admit('10.0.0.1', b)).toBe(true);
    expect(open.admit('10.0.0.1', c)).toBe(false);
    // Another address has its own count.
    expect(open.admit('10.0.0.2', new EventEmitter())).toBe(true);
    // A refused socket was not counted: its close frees nothing.
    c.emit('close');
    expect(open.admit('10.0.0.1', new EventEmitter())).toBe(false);
    a.emit('close');
    expect(open.admit('10.0.0.1', c)).toBe(true);
  });
});
