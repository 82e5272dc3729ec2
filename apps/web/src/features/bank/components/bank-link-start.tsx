import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-error';
import { useStartBankLink } from '../api/start-bank-link';

/** Opens a linking session and leaves for the bank-linking provider's own page. */
export function BankLinkStart() {
  const { t } = useTranslation();
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

  return start.isError ? (
    <ErrorState message={errorMessage(start.error)} onRetry={go} />
  ) : (
    <LoadingState label={t('redeem.connect.redirecting')} />
  );
}
