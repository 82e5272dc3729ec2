import { describe, expect, it } from 'vitest';
import { initialLanguage } from './i18n';

describe('initialLanguage', () => {
  it('keeps the language chosen in the profile over the browser’s', () => {
    expect(initialLanguage('en', ['de-DE', 'de'])).toBe('en');
    expect(initialLanguage('de', ['en-US'])).toBe('de');
  });

  it('follows the browser when nothing is chosen', () => {
    expect(initialLanguage(null, ['de-DE', 'en-US'])).toBe('de');
    expect(initialLanguage(undefined, ['en-GB', 'de'])).toBe('en');
  });

  it('matches a regional variant by its primary subtag', () => {
    expect(initialLanguage(null, ['de-AT'])).toBe('de');
    expect(initialLanguage(null, ['DE-ch'])).toBe('de');
    expect(initialLanguage(null, ['de_DE'])).toBe('de');
  });

  it('takes the first supported of the browser’s languages', () => {
    expect(initialLanguage(null, ['fr-FR', 'es', 'de-AT', 'en'])).toBe('de');
    expect(initialLanguage(null, ['fr-FR', 'en-US', 'de'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(initialLanguage(null, ['fr-FR', 'ja'])).toBe('en');
    expect(initialLanguage(null, [])).toBe('en');
    expect(initialLanguage(null)).toBe('en');
  });

  it('ignores a stored value that is not a supported language', () => {
    expect(initialLanguage('fr', ['de-DE'])).toBe('de');
    expect(initialLanguage('', ['en-US'])).toBe('en');
  });
});
