import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../public/locales/de/translation.json';
import en from '../public/locales/en/translation.json';

/** The real texts (English unless told), loaded synchronously instead of over HTTP. */
export function createTestI18n(language: 'en' | 'de' = 'en'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}
