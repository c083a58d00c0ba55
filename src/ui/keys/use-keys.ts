// Every key the terminal sends, one at a time (key-press.ts, key-reader.ts), from Ink's input events: Ink's
// own useInput hands a read with several keys over as one string, and a held Backspace or two quick Tabs
// were lost. Each key comes with the number of the read it arrived in: Ink emits every event of one read
// in one turn of the event loop, so a read ends at the next setImmediate. A question (the confirm, the
// review) is answered only by a key of a later read than the key that asked it (dispatch.ts).

import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import type { KeyPress } from './key-press.js';
import { KeyReader } from './key-reader.js';

export function useKeys(onKey: (key: KeyPress, read: number) => void): void {
  const { internal_eventEmitter: events, setRawMode } = useStdin();
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    setRawMode(true);
    return () => setRawMode(false);
  }, [setRawMode]);
  useEffect(() => {
    const reader = new KeyReader();
    let read = 0;
    let readEnd: NodeJS.Immediate | null = null;
    const endRead = (): void => {
      readEnd = null;
      for (const key of reader.endRead()) handler.current(key, read);
    };
    const onInput = (raw: string): void => {
      if (readEnd === null) {
        read += 1;
        readEnd = setImmediate(endRead);
      }
      for (const key of reader.push(raw, performance.now())) handler.current(key, read);
    };
    events.on('input', onInput);
    return () => {
      events.removeListener('input', onInput);
      if (readEnd !== null) clearImmediate(readEnd);
    };
  }, [events]);
}
