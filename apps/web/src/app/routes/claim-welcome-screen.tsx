import { formatMoneyShort } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { Splash } from '../../components/splash';
import { paths } from '../../config/paths';
import { useAuthState } from '../../features/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Router state the claim page hands to /claim-refund (SPEC §2). */
interface ClaimWelcomeState {
  isfromClaim?: boolean;
  name?: string;
  amountInCents?: number;
}

function readState(state: unknown): ClaimWelcomeState {
  return typeof state === 'object' && state !== null ? state : {};
}

/** /claim-refund. The claim flow itself is built later; the SPEC §4 redirects apply now. */
export function ClaimWelcomeScreen() {
  const { t } = useTranslation();
  const { status } = useAuthState();
  const state = readState(useLocation().state);
  useDocumentTitle(t('titles.claimRefund'));

  if (state.isfromClaim !== true) {
    if (status === 'AuthSuccessful') return <Navigate to={paths.home.href()} replace />;
    if (status === 'AuthRequired') return <Navigate to={paths.auth.href()} replace />;
    return <Splash />;
  }

  const amount = state.amountInCents;
  return (
    <Card className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight text-ink">
        {state.name ? t('claim.welcomeName', { name: state.name }) : t('claim.welcome')}
      </h1>
      {typeof amount === 'number' && Number.isSafeInteger(amount) && (
        <p className="text-lg text-ink">
          {t('claim.redeemNow', { amount: formatMoneyShort(amount) })}
        </p>
      )}
      <p className="text-ink-muted">{t('common.notAvailableYet')}</p>
      <Link to={paths.home.href()} className={buttonVariants.secondary}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
