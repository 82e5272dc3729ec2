import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/test-i18n';
import { cashbackLabel, categoryName, expiryText } from './brand-texts';

const english = createTestI18n('en').t;
const german = createTestI18n('de').t;

describe('a brand’s offer in words', () => {
  it('keeps the English the screens have always shown', () => {
    expect(cashbackLabel(english, 400)).toBe('4% cashback');
    expect(cashbackLabel(english, 250)).toBe('2.5% cashback');
    expect(cashbackLabel(english, 125)).toBe('1.25% cashback');
    expect(cashbackLabel(english, 0)).toBeNull();
  });

  it('says it in German, with a German decimal comma and a space that never breaks', () => {
    expect(cashbackLabel(german, 400)).toBe('4\u00a0% Cashback');
    expect(cashbackLabel(german, 250)).toBe('2,5\u00a0% Cashback');
    expect(cashbackLabel(german, 0)).toBeNull();
  });
});

describe('a brand’s expiry in words', () => {
  it('in English, as the API words it', () => {
    expect(expiryText(english, { type: 'never' })).toBe('Does not expire');
    expect(expiryText(english, { type: 'after_issue', months: 60 })).toBe(
      'Expires 5 years after issue',
    );
    expect(expiryText(english, { type: 'after_issue', months: 12 })).toBe(
      'Expires 1 year after issue',
    );
    expect(expiryText(english, { type: 'after_issue', months: 18 })).toBe(
      'Expires 18 months after issue',
    );
    expect(expiryText(english, { type: 'with_card' })).toBe('See the link for the expiry date');
  });

  it('in German', () => {
    expect(expiryText(german, { type: 'never' })).toBe('Läuft nicht ab');
    expect(expiryText(german, { type: 'after_issue', months: 60 })).toBe(
      'Läuft 5 Jahre nach Ausstellung ab',
    );
    expect(expiryText(german, { type: 'after_issue', months: 12 })).toBe(
      'Läuft 1 Jahr nach Ausstellung ab',
    );
    expect(expiryText(german, { type: 'after_issue', months: 1 })).toBe(
      'Läuft 1 Monat nach Ausstellung ab',
    );
    expect(expiryText(german, { type: 'with_card' })).toBe(
      'Das Ablaufdatum finden Sie unter dem Link zur Karte',
    );
  });
});

describe('a catalog category’s name', () => {
  it('translates the known ones', () => {
    expect(categoryName(english, 'home')).toBe('Home & Garden');
    expect(categoryName(german, 'home')).toBe('Haus & Garten');
    expect(categoryName(german, 'dining')).toBe('Essen & Trinken');
    expect(categoryName(german, 'sports')).toBe('Sport & Outdoor');
  });

  it('shows one it does not know as the API names it', () => {
    expect(categoryName(german, 'pets')).toBe('pets');
  });
});
