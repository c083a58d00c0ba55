export { FrameRecorder, RECORDING_FLUSH_MS, type FrameRecorderOptions } from './frame-recorder.js';
export {
  RECORDING_VERSION,
  STRIPPED,
  type ContextLine,
  type EventLine,
  type FrameLine,
  type JournalLine,
  type RecordChannel,
  type RecordingHeader,
  type RecordingLine,
  type RestRequestRecord,
  type RestResponseRecord,
} from './format.js';
export { isGzip, parseRecording, readRecording, recordingText, type Recording } from './reader.js';
export { recordingFetch } from './recording-fetch.js';
export { Scrubber } from './scrub.js';
export { recordingSecrets } from './secrets.js';
