import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';

/** Every text of a translation file, with its key. */
function texts(node: unknown, key = ''): [string, string][] {
  if (typeof node === 'string') return [[key, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => texts(v, key ? `${key}.${k}` : k));
}

describe('texts', () => {
  it.each([
    ['English', en],
    ['German', de],
  ])('%s: none promises a bonus, free play or money the product does not pay', (_, file) => {
    const promises = texts(file).filter(([, text]) =>
      /\bbonus\b|\$\s?10\b|free (play|bet)|offer expires/i.test(text),
    );
    expect(promises).toEqual([]);
  });
});
