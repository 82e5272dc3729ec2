import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'main';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-lg bg-surface px-4 py-2 font-semibold text-primary focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
    >
      {t('nav.skipToContent')}
    </a>
  );
}
