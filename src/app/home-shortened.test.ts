import { describe, expect, it } from 'vitest';
import { homeShortened } from './home-shortened.js';

describe('homeShortened', () => {
  it('key-path-under-home-shows-tilde: the home directory is written ~, a neighbour of it is not', () => {
    const env = { HOME: '/home/ann' };
    expect(homeShortened('/home/ann/.perpl/keys/a.json', env)).toBe('~/.perpl/keys/a.json');
    expect(homeShortened('/home/anne/keys/a.json', env)).toBe('/home/anne/keys/a.json');
    expect(homeShortened('/tmp/k.json', env)).toBe('/tmp/k.json');
    expect(homeShortened('PERPL_API_KEY + PERPL_API_SECRET', env)).toBe('PERPL_API_KEY + PERPL_API_SECRET');
  });
});
