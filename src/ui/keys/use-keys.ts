// Every key the terminal sends, one at a time (key-press.ts), from Ink's input events: Ink's own useInput
// hands a read with several keys over as one string, and a held Backspace or two quick Tabs were lost.

import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import { decodeKeys, type KeyPress } from './key-press.js';

export function useKeys(onKey: (key: KeyPress) => void): void {
  const { internal_eventEmitter: events, setRawMode } = useStdin();
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    setRawMode(true);
    return () => setRawMode(false);
  }, [setRawMode]);
  useEffect(() => {
    const onInput = (raw: string): void => {
      for (const key of decodeKeys(raw)) handler.current(key);
    };
    events.on('input', onInput);
    return () => {
      events.removeListener('input', onInput);
    };
  }, [events]);
}
