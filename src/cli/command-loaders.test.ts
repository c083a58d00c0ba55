import { describe, expect, it } from 'vitest';
import { COMMAND_LOADERS } from './command-loaders.js';
import { COMMAND_TABLE, FLAG_VALUES, valueFlagsOf } from './command-table.js';

describe('the command table', () => {
  it('every-command-completes: the commands `perpl` runs are the ones the completion scripts offer', () => {
    expect(Object.keys(COMMAND_LOADERS).sort()).toEqual(COMMAND_TABLE.map((c) => c.name).sort());
  });

  it('flag-values-name-real-flags: every flag given completion values takes a value in some command', () => {
    const valueFlags = new Set(COMMAND_TABLE.flatMap((c) => valueFlagsOf(c.options)));
    for (const name of Object.keys(FLAG_VALUES)) expect(valueFlags, name).toContain(`--${name}`);
  });
});
