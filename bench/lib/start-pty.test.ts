import { describe, expect, it } from 'vitest';
import { LAUNCHER_MALLOC_ENV, LAUNCHER_NODE_ARGS } from '../../test/helpers/build-flags.js';
import { BASELINE_START, USER_START } from './start-pty.js';

describe('the start scenario', () => {
  it("start-measures-a-process-perpl-never-starts: the optimized start gets the launcher line's node options and malloc settings, the stock baseline Node's own", () => {
    expect(USER_START.nodeArgs).toEqual(LAUNCHER_NODE_ARGS);
    expect(USER_START.nodeArgs).toContain('--no-maglev');
    expect(USER_START.env).toEqual(LAUNCHER_MALLOC_ENV);
    expect('nodeArgs' in BASELINE_START).toBe(false);
    for (const name of Object.keys(LAUNCHER_MALLOC_ENV)) expect(BASELINE_START.env?.[name], name).toBeUndefined();
  });
});
