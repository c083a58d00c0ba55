// An HTTP man-in-the-middle between the app and the real local exchange's REST API: forwards every
// request unchanged (signatures cover the path, not the host) and lets a test rewrite any answer, as a
// hostile server would (a context whose market names carry escape sequences, an error body that does).

import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface RestAnswer {
  status: number;
  /** The body as text. */
  body: string;
  contentType: string;
}

/** Returns the answer to send instead, or undefined to pass the exchange's own. */
export type RestRewrite = (method: string, path: string, answer: RestAnswer) => RestAnswer | undefined;

const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'x-api-key', 'x-api-timestamp', 'x-api-nonce', 'x-api-signature'];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export class HostileRest {
  private constructor(
    private readonly server: Server,
    /** The app's REST base through the proxy (same path as the exchange's, e.g. `/api`). */
    readonly url: string,
  ) {}

  static async start(upstreamBase: string, rewrite: RestRewrite): Promise<HostileRest> {
    const upstream = new URL(upstreamBase);
    const server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const headers: Record<string, string> = {};
        for (const h of FORWARDED_REQUEST_HEADERS) {
          const v = req.headers[h];
          if (typeof v === 'string') headers[h] = v;
        }
        const method = req.method ?? 'GET';
        const path = req.url ?? '/';
        const answer = await fetch(`${upstream.origin}${path}`, { method, headers, ...(body.length > 0 ? { body } : {}) });
        const own: RestAnswer = { status: answer.status, body: await answer.text(), contentType: answer.headers.get('content-type') ?? 'application/json' };
        const sent = rewrite(method, path, own) ?? own;
        const date = answer.headers.get('date');
        res.writeHead(sent.status, { 'content-type': sent.contentType, ...(date ? { date } : {}) });
        res.end(sent.body);
      })().catch(() => {
        res.writeHead(502);
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('unexpected address');
    return new HostileRest(server, `http://127.0.0.1:${address.port}${upstream.pathname.replace(/\/+$/, '')}`);
  }

  close(): Promise<void> {
    return new Promise((r) => {
      this.server.closeAllConnections();
      this.server.close(() => r());
    });
  }
}
