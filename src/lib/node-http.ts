// node:http through require, not an ES import. On Node 24 an ES import of node:http builds the module's
// facade by reading every export, and one of them (WebSocket) loads undici: ~50 ms on the local
// exchange's thread in front of the first live frame, for a client it never uses. require reads none.

import { createRequire } from 'node:module';

export const http = createRequire(import.meta.url)('node:http') as typeof import('node:http');
