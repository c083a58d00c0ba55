// Open connections counted per client address, each until its socket closes, up to a cap: the HTTP
// connections (http-guard.ts) and the market-data sockets (sim-server.ts) each keep one.

/** Anything that says when it closes: a TCP socket, an upgraded one. */
interface Closing {
  once(event: 'close', listener: () => void): unknown;
}

export class ConnectionsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts `socket` against `address` until it closes; false, counting nothing, when the address is at the cap. */
  admit(address: string, socket: Closing): boolean {
    const count = this.open.get(address) ?? 0;
    if (count >= this.max) return false;
    this.open.set(address, count + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    return true;
  }
}
