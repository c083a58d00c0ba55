import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { developmentReactLoaded } from './production-react.js';

describe('production React check', () => {
  it('notices the development build of React once it is loaded (what triggers the production re-launch)', () => {
    // Tests run with NODE_ENV=test, so React resolves to its development build.
    createRequire(import.meta.url)('react');
    expect(process.env.NODE_ENV).not.toBe('production');
    expect(developmentReactLoaded()).toBe(true);
  });
});
