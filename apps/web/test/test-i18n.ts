import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../public/locales/en/translation.json';

/** The real English texts, loaded synchronously instead of over HTTP. */
export function createTestI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}
