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
  ])('%s: none promises money of its own: amounts and days come from the server', (_, file) => {
    const promises = texts(file).filter(([, text]) =>
      /offer expires|\$\s?\d|\b\d{1,2}\/\d{1,2}\b/i.test(text),
    );
    expect(promises).toEqual([]);
  });

  it.each([
    ['English', en],
    ['German', de],
  ])('%s: a bonus amount is only ever the one the server tells', (_, file) => {
    // The welcome bonus is real (ADR 0020), but its amount is the configured one, never a text's.
    const bonusAmounts = texts(file).filter(
      ([, text]) => /\bbonus\b/i.test(text) && /\d/.test(text.replace(/\{\{\w+\}\}/g, '')),
    );
    expect(bonusAmounts).toEqual([]);
  });

  it.each([
    ['English', en],
    ['German', de],
  ])('%s: a free play is only ever the one the server offers', (_, file) => {
    // The free play is real (ADR 0023), but its amount, sponsor and last day are the configured
    // ones, never a text's.
    const freePlayPromises = texts(file).filter(
      ([key, text]) =>
        /free (play|bet)|freispiel/i.test(`${key} ${text}`) &&
        /\d/.test(text.replace(/\{\{\w+\}\}/g, '')),
    );
    expect(freePlayPromises).toEqual([]);
  });
});
