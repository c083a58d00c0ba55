import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_BUILD_FLAGS } from './build-flags.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe('one set of build flags', () => {
  it('test-builds-match-npm-build: every flag the tests and the bench build with is in `npm run build`', () => {
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { build: string } }).scripts.build;
    // The shell quotes the banner (it has spaces): compare it unquoted.
    const unquoted = script.replace(/'([^']*)'/g, '$1').replace(/\\"/g, '"');
    for (const flag of APP_BUILD_FLAGS) expect(unquoted, flag).toContain(flag);
  });
});
