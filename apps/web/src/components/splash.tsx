import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/get-app-config';
import { BrandMark } from './brand-mark';

/** Shown while the session is being checked (auth status Unknown or ValidateAccess). */
export function Splash() {
  const { t } = useTranslation();
  const brand = useAppConfig().data?.brand_name;
  return (
    <div
      role="status"
      aria-label={t('app.checkingSession')}
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 text-center"
    >
      <BrandMark className="size-16 animate-pulse" />
      {brand && <p className="text-2xl font-bold tracking-tight text-ink">{brand}</p>}
      <p className="text-lg text-ink-muted">{t('app.slogan')}</p>
    </div>
  );
}

export { BootSplash } from './boot-splash';
