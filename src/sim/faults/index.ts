export { FaultInjector, type FaultEvent, type FaultKind, type FrameFault, type SocketFault } from './injector.js';
export {
  FAULT_PROFILES,
  FAULT_PROFILE_NAMES,
  SERVER_CLOSES,
  SERVER_CLOSE_CODES,
  faultProfile,
  type FaultSpec,
  type ServerCloseCode,
} from './profiles.js';
