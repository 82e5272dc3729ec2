import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRouteHeading } from '../../../lib/route-focus';

export interface BankFailureState {
  reason: 'cancelled' | 'failed';
  /** The API's own words, when it refused the account. */
  message: string | null;
}

function readFailure(state: unknown, query: URLSearchParams): BankFailureState {
  if (typeof state === 'object' && state !== null) {
    const { reason, message } = state as Partial<BankFailureState>;
    if (reason === 'cancelled' || reason === 'failed') {
      return { reason, message: typeof message === 'string' ? message : null };
    }
  }
  // The provider's page can send the customer here directly, e.g. ?reason=cancelled.
  return { reason: query.get('reason') === 'cancelled' ? 'cancelled' : 'failed', message: null };
}

/** Linking failed or was cancelled: say so, and offer another try or manual entry. */
export function BankFailureScreen() {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  useDocumentTitle(t('titles.bankFailure'));
  const [query] = useSearchParams();
  const failure = readFailure(useLocation().state, query);

  return (
    <Card className="mx-auto flex max-w-xl flex-col items-stretch gap-4 text-center">
      <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink">
        {failure.reason === 'cancelled'
          ? t('redeem.bankFailure.cancelledTitle')
          : t('redeem.bankFailure.title')}
      </h1>
      <p role="alert" className="text-ink-muted">
        {failure.message ??
          (failure.reason === 'cancelled'
            ? t('redeem.bankFailure.cancelled')
            : t('redeem.bankFailure.failed'))}
      </p>
      <Link to={paths.connectBank.href()} className={buttonVariants.primary}>
        {t('redeem.bankFailure.tryAgain')}
      </Link>
      <Link to={paths.redeemAddAccount.href()} className={buttonVariants.secondary}>
        {t('redeem.bank.enterManually')}
      </Link>
      <Link to={paths.home.href()} className={buttonVariants.ghost}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
