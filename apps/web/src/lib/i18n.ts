import i18n from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['en', 'de'] as const;
export type Language = (typeof supportedLanguages)[number];

const LANGUAGE_KEY = 'language';

function isLanguage(value: unknown): value is Language {
  return supportedLanguages.includes(value as Language);
}

export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(saved) ? saved : 'en';
  } catch {
    return 'en';
  }
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
      lng: storedLanguage(),
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
