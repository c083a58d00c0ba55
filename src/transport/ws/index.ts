export { type BackoffOptions } from './backoff.js';
export {
  ReconnectingSocket,
  type ConnectionInfo,
  type ConnectionState,
  type OpenConnection,
  type SendReceipt,
  WS_MESSAGE_LIMIT,
} from './reconnecting-socket.js';
export type { FrameTap } from './tap.js';
export type { SocketFactory } from './socket.js';
