// comment-names-a-file-that-does-not-exist: a comment (or the README) that points the reader at a file
// (`state/store.ts`, `ui/keys/dispatch.ts`, `order-entry.ts`) must name one that exists; a move or a rename
// that leaves the pointer behind fails here, naming each stale mention.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileIndex, commentsOf, mentionsIn, sourceFiles } from '../helpers/comment-mentions.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('file names in comments', () => {
  it('comment-names-a-file-that-does-not-exist: every file a comment in src/, test/, bench/, the root configs or the README names exists', () => {
    const rootConfigs = readdirSync(ROOT).filter((name) => /\.(ts|js)$/.test(name));
    const files = [...rootConfigs, ...['src', 'test', 'bench'].flatMap((dir) => sourceFiles(ROOT, dir))];
    const index = new FileIndex(ROOT, files);
    const stale: string[] = [];
    for (const file of files) {
      for (const comment of commentsOf(readFileSync(join(ROOT, file), 'utf8'), file.endsWith('.tsx'))) {
        for (const mention of mentionsIn(comment.text)) {
          if (!index.exists(file, mention)) stale.push(`${file}:${comment.line}: ${mention}`);
        }
      }
    }
    readFileSync(join(ROOT, 'README.md'), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const mention of mentionsIn(line)) if (!index.exists('README.md', mention)) stale.push(`README.md:${i + 1}: ${mention}`);
      });
    expect(stale.join('\n')).toBe('');
    // The scan saw the tree: a walk that found nothing would pass on an empty list.
    expect(files.length).toBeGreaterThan(500);
  });

  it('reads comments only: a path in a string, a regex or a template is not a mention', () => {
    const source = [
      "const a = 'state/nope-in-a-string.ts'; // see state/store.ts",
      'const r = /\\/\\/ not-a-comment\\.ts/;',
      'const t = `${a}// in-a-template.ts ${r}`;',
      '/* block: ui/keys/dispatch.ts */ const d = 1 / 2; // divided, then order-entry.ts',
    ].join('\n');
    const comments = commentsOf(source);
    expect(comments.map((c) => c.line)).toEqual([1, 4, 4]);
    expect(comments.flatMap((c) => mentionsIn(c.text))).toEqual(['state/store.ts', 'ui/keys/dispatch.ts', 'order-entry.ts']);
  });

  it('a URL, a glob, a placeholder or a home path is not a mention; a relative path is', () => {
    expect(mentionsIn('https://example.com/a/b.ts src/**/x.test.ts <name>.ts ~/.config/x.ts ${dir}/y.ts ../lib/prng.ts (tui.ts)')).toEqual([
      '../lib/prng.ts',
      'tui.ts',
    ]);
  });

  it('resolves a mention against its folder, the root, src/ or any path tail, and a bare name against every file', () => {
    const index = new FileIndex(ROOT, ['src/state/store.ts', 'src/ui/keys/dispatch.ts', 'test/helpers/sent.ts']);
    expect(index.exists('src/ui/keys/x.ts', 'state/store.ts')).toBe(true);
    expect(index.exists('src/app/tui.ts', 'keys/dispatch.ts')).toBe(true);
    expect(index.exists('test/x.test.ts', 'helpers/sent.ts')).toBe(true);
    expect(index.exists('src/app/tui.ts', '../state/store.ts')).toBe(true);
    expect(index.exists('src/app/tui.ts', 'sent.ts')).toBe(true);
    expect(index.exists('src/app/tui.ts', 'controller/confirm.ts')).toBe(false);
    expect(index.exists('src/app/tui.ts', 'no-such-file.ts')).toBe(false);
  });
});
