// The one keyboard source of the screen, declared here and handed in by the mount (terminal/render.ts
// through the port to Ink's internals, terminal/frames/ink-port.ts): the ui reads no renderer internals.
// One reader subscribes to it, keys/use-keys.ts, and hands every key to the one dispatcher (keys/dispatch.ts).

import { createContext } from 'react';

export interface InputSource {
  /** Calls `listener` with every chunk of input the terminal sends; returns what unsubscribes it. */
  onInput(listener: (raw: string) => void): () => void;
  /** Raw mode on (every key as it is typed, Ctrl-C included) or off again. */
  setRawMode(on: boolean): void;
}

export const InputSourceContext = createContext<InputSource | null>(null);
