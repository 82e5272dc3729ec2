import { useTranslation } from 'react-i18next';
import type { FanCashLinkFailure as Failure } from '../link-return';

/** Why the last try to link an account did not work: cancelled, or refused and why. */
export function FanCashLinkFailure({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  const cancelled = failure.reason === 'cancelled';
  return (
    <div
      role="alert"
      data-testid="fancash-link-failure"
      className="flex flex-col gap-1 rounded-xl bg-danger-soft px-4 py-3 text-sm"
    >
      <p className="font-semibold text-danger">
        {cancelled ? t('fancash.link.cancelledTitle') : t('fancash.link.failedTitle')}
      </p>
      <p className="text-ink">
        {failure.message ?? (cancelled ? t('fancash.link.cancelled') : t('fancash.link.failed'))}
      </p>
    </div>
  );
}
