// Mounts the Ink app with the rendering rules measured in ARCHITECTURE.md: standard (non-incremental)
// rendering, maxFps above the publish rate, no console patching, our own Ctrl-C handling.

import { render, type Instance } from 'ink';
import { createElement } from 'react';
import type { TerminalCommands } from '../state/commands.js';
import type { TerminalStore } from '../state/store.js';
import { App } from '../ui/App.js';

export const MAX_FPS = 60;

export interface MountOptions {
  store: TerminalStore;
  commands: TerminalCommands;
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  /** Paint time of every frame (ms), for the adaptive publish rate. */
  onPaint?: (paintMs: number) => void;
}

export function mountScreen(options: MountOptions): Instance {
  return render(createElement(App, { store: options.store, commands: options.commands }), {
    stdout: options.stdout,
    stdin: options.stdin,
    ...(options.stderr ? { stderr: options.stderr } : {}),
    maxFps: MAX_FPS,
    patchConsole: false,
    exitOnCtrlC: false,
    incrementalRendering: false,
    ...(options.onPaint ? { onRender: ({ renderTime }: { renderTime: number }) => options.onPaint?.(renderTime) } : {}),
  });
}
