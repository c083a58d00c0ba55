// For tests: the error a call throws, checked to be of the expected class, so a test can go on to
// assert its message and details.

import { expect } from 'vitest';

/** The error `run` throws; the test fails if it throws nothing or something not of `type`. */
export function thrownBy<E extends Error>(run: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(type);
    return e as E;
  }
  throw new Error(`expected a ${type.name}, but nothing was thrown`);
}
