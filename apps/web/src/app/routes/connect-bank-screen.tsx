import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useStartBankLink } from '../../features/redeem/api/start-bank-link';
import { errorMessage } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** Leaves for the bank-linking provider's own page; it sends the customer back to /redeem/tink. */
export function ConnectBankScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.connectBank'));
  const start = useStartBankLink();
  const started = useRef(false);

  const go = () =>
    start.mutate(undefined, {
      onSuccess: (session) => window.location.assign(session.redirect_url),
    });

  const goOnce = useEffectEvent(go);

  // Once per visit; after a failure, trying again is the customer's choice.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    goOnce();
  }, []);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.redeemBank.href()}>{t('redeem.connect.back')}</BackLink>
      <PageHeading intro={t('redeem.connect.intro')}>{t('titles.connectBank')}</PageHeading>
      <Card>
        {start.isError ? (
          <ErrorState message={errorMessage(start.error)} onRetry={go} />
        ) : (
          <LoadingState label={t('redeem.connect.redirecting')} />
        )}
      </Card>
    </div>
  );
}
