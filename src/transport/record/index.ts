export { FrameRecorder, RECORDING_FLUSH_MS } from './frame-recorder.js';
export { STRIPPED, type FrameLine, type RecordingLine } from './format.js';
export { isGzip, parseRecording, readRecording, recordingText, type Recording } from './reader.js';
export { recordingFetch } from './recording-fetch.js';
export { recordingSecrets } from './secrets.js';
