import { describe, expect, it } from 'vitest';
import { SUBCOMMAND_LOADERS } from './subcommand-loaders.js';
import { SUBCOMMAND_TABLE, FLAG_VALUES, valueFlagsOf } from './subcommand-table.js';

describe('the command table', () => {
  it('every-command-completes: the commands `perpl` runs are the ones the completion scripts offer', () => {
    expect(Object.keys(SUBCOMMAND_LOADERS).sort()).toEqual(SUBCOMMAND_TABLE.map((c) => c.name).sort());
  });

  it('flag-values-name-real-flags: every flag given completion values takes a value in some command', () => {
    const valueFlags = new Set(SUBCOMMAND_TABLE.flatMap((c) => valueFlagsOf(c.options)));
    for (const name of Object.keys(FLAG_VALUES)) expect(valueFlags, name).toContain(`--${name}`);
  });
});
