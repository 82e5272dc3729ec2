import type { BankAccount } from '@refund/contracts/banks';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-error';
import { useExchangeBankLink } from '../api/exchange-bank-link';

export interface BankLinkFailure {
  reason: 'cancelled' | 'failed';
  /** The API's own words, when it refused the account. */
  message: string | null;
}

interface BankLinkReturnProps {
  onLinked: (account: BankAccount) => void;
  onFailed: (failure: BankLinkFailure) => void;
}

/**
 * Where the bank-linking provider sends the customer back: `code` and `state` on success, an
 * `error` (and maybe a `message`) when the customer cancelled or the bank failed. The code is
 * exchanged once.
 */
export function BankLinkReturn({ onLinked, onFailed }: BankLinkReturnProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const exchange = useExchangeBankLink();
  const started = useRef(false);

  const finish = useEffectEvent(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      const cancelled = ['USER_CANCELLED', 'cancelled', 'access_denied'].includes(
        params.get('error') ?? '',
      );
      onFailed({ reason: cancelled ? 'cancelled' : 'failed', message: null });
      return;
    }
    exchange.mutate(
      { code, state },
      {
        onSuccess: onLinked,
        onError: (error) => onFailed({ reason: 'failed', message: errorMessage(error) }),
      },
    );
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish();
  }, []);

  return <LoadingState label={t('redeem.tink.finishing')} />;
}
