// Every key the terminal sends, one at a time (key-press.ts, key-reader.ts), from the screen's one input
// source (input-source.ts, Ink's input events through the port): Ink's own useInput hands a read with
// several keys over as one string, and a held Backspace or two quick Tabs were lost. Each key comes with
// the number of the read it arrived in: Ink emits every event of one read in one turn of the event loop,
// so a read ends at the next setImmediate. A question (the confirm, the review) is answered only by a key
// of a later read than the key that asked it (dispatch.ts).

import { useContext, useEffect, useRef } from 'react';
import { InputSourceContext } from './input-source.js';
import type { KeyPress } from './key-press.js';
import { KeyReader } from './key-reader.js';

export function useKeys(onKey: (key: KeyPress, read: number) => void): void {
  const input = useContext(InputSourceContext);
  if (!input) throw new Error('InputSource missing: mount the screen with terminal/render.ts mountScreen');
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    input.setRawMode(true);
    return () => input.setRawMode(false);
  }, [input]);
  useEffect(() => {
    const reader = new KeyReader();
    let read = 0;
    let readEnd: NodeJS.Immediate | null = null;
    const endRead = (): void => {
      readEnd = null;
      for (const key of reader.endRead()) handler.current(key, read);
    };
    const unsubscribe = input.onInput((raw: string): void => {
      if (readEnd === null) {
        read += 1;
        readEnd = setImmediate(endRead);
      }
      for (const key of reader.push(raw, performance.now())) handler.current(key, read);
    });
    return () => {
      unsubscribe();
      if (readEnd !== null) clearImmediate(readEnd);
    };
  }, [input]);
}
