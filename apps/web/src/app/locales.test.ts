import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import { methodRegistry } from './methods/method-registry';

/** Every leaf of a translation file, by its dotted key. */
function flatten(node: unknown, key = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) flatten(v, key ? `${key}.${k}` : k, out);
  } else {
    out.set(key, node);
  }
  return out;
}

function placeholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/** Keys whose text is a name or symbol, the same in both languages. */
const sameInBothLanguages = new Set([
  'activity.moneyIn',
  'activity.moneyOut',
  'activity.movement.cashback',
  'auth.phonePlaceholder',
  'giftCardWallet.code.pin',
  'giftCardWallet.details.cashback',
  'giftCardWallet.details.typeName.online',
  'personalDetails.name',
  'preferences.languages.de',
  'preferences.languages.en',
  'preferences.theme.system',
  'prepaid.card.masked',
  'prepaid.redeem.name',
  'transactions.brand.mastercard',
  'transactions.brand.visa',
  'transactions.destination.masked',
  'wallet.bonus',
]);

const english = flatten(en);
const german = flatten(de);

/**
 * A method's name that is the same in both languages (a brand, like FanCash) may be, alone or with
 * placeholders around it ("FanCash · {{name}}"): read from the method registry, so a method added
 * there needs no entry above.
 */
const methodNames = new Set(
  Object.values(methodRegistry)
    .map((method) => method.labelKey)
    .filter((key) => english.get(key) === german.get(key))
    .map((key) => english.get(key)),
);
const nameAlone = (text: unknown) =>
  typeof text === 'string' &&
  methodNames.has(
    text
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(/[\s·•]+/g, ' ')
      .trim(),
  );
const sameByDesign = (key: string, text: unknown) =>
  sameInBothLanguages.has(key) || nameAlone(text);

describe('locales', () => {
  it('has the same keys in English and German', () => {
    const missingInGerman = [...english.keys()].filter((key) => !german.has(key));
    const missingInEnglish = [...german.keys()].filter((key) => !english.has(key));
    expect({ missingInGerman, missingInEnglish }).toEqual({
      missingInGerman: [],
      missingInEnglish: [],
    });
  });

  it.each([
    ['English', english],
    ['German', german],
  ])('%s: every text is a non-empty string', (_, texts) => {
    const empty = [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const mismatched = [...english]
      .filter(([key]) => german.has(key))
      .map(([key, text]) => ({
        key,
        en: placeholders(text),
        de: placeholders(german.get(key)),
      }))
      .filter(
        ({ en: enPlaceholders, de: dePlaceholders }) =>
          enPlaceholders.join() !== dePlaceholders.join(),
      );
    expect(mismatched).toEqual([]);
  });

  it('translates German rather than copying English', () => {
    const copied = [...english]
      .filter(([key, text]) => german.get(key) === text && !sameByDesign(key, text))
      .map(([key, text]) => `${key}: ${String(text)}`);
    expect(copied).toEqual([]);
  });

  it('allows only keys that exist and are really the same in both languages', () => {
    const stale = [...sameInBothLanguages].filter(
      (key) => !english.has(key) || english.get(key) !== german.get(key),
    );
    expect(stale).toEqual([]);
  });

  it("has every text a method's registry entry names, and those the shared screens read by mode", () => {
    const missing = Object.entries(methodRegistry).flatMap(([mode, method]) => {
      if (!method) return [];
      const keys = [
        method.labelKey,
        method.descriptionKey,
        method.titleKey,
        method.introKey,
        method.confirm.editKey,
        method.confirm.arrivalKey,
        method.confirm.netLabelKey,
        method.outcome.netLabelKey,
        method.outcome.keptAt?.labelKey,
        method.details.destinationLabelKey,
        method.details.returnedTitleKey,
        `transactions.method.${mode}`,
        `transactions.details.methodName.${mode}`,
      ];
      return keys.filter((key) => key !== undefined && !english.has(key));
    });
    expect(missing).toEqual([]);
  });
});
