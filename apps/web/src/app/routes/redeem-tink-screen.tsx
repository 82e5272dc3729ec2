import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useExchangeBankLink } from '../../features/redeem/api/exchange-bank-link';
import { bankAccountLabel } from '../../features/redeem/payout-destination';
import { redemptionFlow } from '../../features/redeem/redemption-flow';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';
import type { BankFailureState } from './bank-failure-screen';

/**
 * Where the bank-linking provider sends the customer back: `code` and `state` on success, an
 * `error` (and maybe a `message`) when the customer cancelled or the bank failed. The code is
 * exchanged once; the new account becomes the flow's bank account.
 */
export function RedeemTinkScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redeemTink'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const exchange = useExchangeBankLink();
  const started = useRef(false);

  const finish = useEffectEvent(() => {
    const code = params.get('code');
    const state = params.get('state');
    const fail = (failure: BankFailureState) =>
      void navigate(paths.bankFailure.href(), { replace: true, state: failure });
    if (params.get('error') || !code || !state) {
      const cancelled = ['USER_CANCELLED', 'cancelled', 'access_denied'].includes(
        params.get('error') ?? '',
      );
      fail({ reason: cancelled ? 'cancelled' : 'failed', message: null });
      return;
    }
    exchange.mutate(
      { code, state },
      {
        onSuccess: (account) => {
          redemptionFlow.update({
            mode: 'bank',
            selectedPaymentMethodUUID: account.bank_account_uuid,
            display_name: bankAccountLabel(account),
            orderID: null,
          });
          notify.success(t('redeem.tink.linked', { account: bankAccountLabel(account) }));
          void navigate(paths.redeemBank.href(), { replace: true });
        },
        onError: (error) => fail({ reason: 'failed', message: errorMessage(error) }),
      },
    );
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finish();
  }, []);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageHeading>{t('titles.redeemTink')}</PageHeading>
      <Card>
        <LoadingState label={t('redeem.tink.finishing')} />
      </Card>
    </div>
  );
}
