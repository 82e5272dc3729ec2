import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Spinner } from './spinner';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-ink-muted">
      <Spinner />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A failed load: what went wrong in words, and a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 py-4">
      <p className="text-ink">{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
