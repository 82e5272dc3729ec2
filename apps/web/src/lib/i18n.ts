import i18n from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['en', 'de'] as const;
export type Language = (typeof supportedLanguages)[number];

const LANGUAGE_KEY = 'language';

function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

/**
 * The language to start in: the one chosen in the profile if any, else the first of the browser's
 * languages that we support ('de-AT' → 'de'), else English.
 */
export function initialLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[] = [],
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.split(/[-_]/)[0]?.trim().toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language chosen in the profile, if any. */
export function storedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** Translations come over HTTP so only the language in use is downloaded (SPEC §9 retries). */
export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      lng: initialLanguage(storedLanguage(), browserLanguages()),
      fallbackLng: 'en',
      supportedLngs: [...supportedLanguages],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      backend: { loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json` },
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
    .finally(() => {
      document.documentElement.lang = currentLanguage();
    });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // The choice then lasts for this page only.
  }
  await i18n.changeLanguage(language);
}
