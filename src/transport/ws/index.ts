export { Backoff, type BackoffOptions } from './backoff.js';
export { KeepAlive, type KeepAliveOptions } from './keepalive.js';
export {
  ReconnectingSocket,
  type ConnectionInfo,
  type ConnectionState,
  type OpenConnection,
  type ReconnectingSocketOptions,
  type RoundTripOptions,
  type SendReceipt,
  WS_MESSAGE_LIMIT,
} from './reconnecting-socket.js';
export { RoundTripProbe, type RoundTripProbeOptions } from './round-trip-probe.js';
export { CLOSE_ABNORMAL, Socket, type SocketEvents, type SocketOptions } from './socket.js';
export type { FrameDirection, FrameTap } from './tap.js';
export { Watchdog, type WatchdogOptions } from './watchdog.js';
