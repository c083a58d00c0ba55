// One keyboard source, read in one place: only the port (terminal/frames/ink-port.ts) touches Ink's
// input (its stdin context and internal emitter), only keys/use-keys.ts subscribes to the input source
// it makes, and nothing of the screen reads the terminal's stdin on the side (the F12 overlay once did).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

const FILES = sourceFiles(join(ROOT, 'src')).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
const filesWith = (pattern: RegExp, under = 'src/'): string[] => FILES.filter((f) => f.path.startsWith(under) && pattern.test(f.text)).map((f) => f.path);

describe('one keyboard source', () => {
  it('a-second-reader-of-the-keyboard-fails-the-build', () => {
    expect(filesWith(/internal_eventEmitter|\buseStdin\b/)).toEqual(['src/terminal/frames/ink-port.ts']);
    expect(filesWith(/import\s*\{[^}]*\buseInput\b[^}]*\}\s*from\s*'ink'/)).toEqual([]);
    expect(filesWith(/\.onInput\(|useContext\(InputSourceContext\)/)).toEqual(['src/ui/keys/use-keys.ts']);
    // The screen and its mount read no stdin themselves ('data', 'keypress', 'readable' listeners).
    const stdinListeners = /\.(on|once|addListener|prependListener)\(\s*['"](data|keypress|readable)['"]/;
    expect([...filesWith(stdinListeners, 'src/ui/'), ...filesWith(stdinListeners, 'src/terminal/')]).toEqual([]);
  });
});
