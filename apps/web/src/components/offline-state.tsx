import { useTranslation } from 'react-i18next';
import { useFirstScreenShown } from '../lib/first-screen';
import { useAppConfig } from '../lib/get-app-config';
import { useBrowserOnline } from '../lib/use-browser-online';
import { BrandMark } from './brand-mark';
import { Button } from './button';

/** "You're offline" when the browser knows it is; otherwise the service is out of reach. */
function useOfflineTitle(): string {
  const { t } = useTranslation();
  const online = useBrowserOnline();
  const brand = useAppConfig().data?.brand_name;
  if (!online) return t('offline.title');
  return brand ? t('offline.unreachable', { brand }) : t('offline.unreachableNoBrand');
}

interface OfflineProps {
  onRetry: () => void;
}

/** In place of a page that cannot load without the API: nothing is lost, try again. */
export function OfflineScreen({ onRetry }: OfflineProps) {
  // A page may open on it: it is the first screen then.
  useFirstScreenShown();
  const { t } = useTranslation();
  const title = useOfflineTitle();
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 text-center">
      <BrandMark className="size-16" />
      <div role="alert" className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="text-ink-muted">{t('offline.body')}</p>
      </div>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

/** Above a page that is already showing: the session could not be renewed just now. */
export function OfflineBanner({ onRetry }: OfflineProps) {
  const { t } = useTranslation();
  const title = useOfflineTitle();
  return (
    <div className="border-b border-line bg-surface-muted">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <p role="alert" className="text-ink">
          <span className="font-semibold">{title}</span> {t('offline.body')}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </div>
  );
}
