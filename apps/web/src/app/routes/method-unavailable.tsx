import type { RedemptionMode } from '@refund/contracts/wallet';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';

/** A redeem screen's body when its method cannot be used now: the SPEC's message and the way home. */
export function MethodUnavailable() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-start gap-4">
      <p role="alert" className="text-ink">
        {t('wallet.methodUnavailable')}
      </p>
      <Link to={paths.home.href()} className={buttonVariants.secondary}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}

/**
 * A redeem screen's body that needs only its method to be offered: loading and failing while the
 * methods are read, MethodUnavailable when the method is not offered, else `children`.
 */
export function WhenMethodOffered({
  mode,
  children,
}: {
  mode: RedemptionMode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const methods = useRedemptionMethods();
  if (methods.isPending) return <LoadingState />;
  if (methods.isError) {
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void methods.refetch()} />
    );
  }
  if (!methods.data.find((m) => m.mode === mode)?.is_available) return <MethodUnavailable />;
  return children;
}
