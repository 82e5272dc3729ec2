import { bankLinkExchangeRequestSchema, type BankAccount } from '@refund/contracts/banks';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../../components/query-state';
import { ApiError, errorMessage } from '../../../lib/api-error';
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
    const returned = bankLinkExchangeRequestSchema.safeParse({
      code: params.get('code') ?? undefined,
      state: params.get('state') ?? undefined,
    });
    if (params.get('error') || !returned.success) {
      const cancelled = ['USER_CANCELLED', 'cancelled', 'access_denied'].includes(
        params.get('error') ?? '',
      );
      // An address that is not the provider's answer (edited, cut short) is a failed link: the
      // customer is told so in their words, not which field was malformed.
      onFailed({ reason: cancelled ? 'cancelled' : 'failed', message: null });
      return;
    }
    exchange.mutate(returned.data, {
      onSuccess: onLinked,
      onError: (error) =>
        onFailed({
          reason: 'failed',
          // The API's words when they are the customer's (the link expired, no account can take
          // payouts); a refusal of the request's form says nothing a customer can act on.
          message:
            error instanceof ApiError && error.codeDescription === 'VALIDATION_FAILED'
              ? null
              : errorMessage(error),
        }),
    });
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish();
  }, []);

  return <LoadingState label={t('redeem.tink.finishing')} />;
}
