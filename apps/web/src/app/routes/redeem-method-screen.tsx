import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { AmountForm } from '../../features/redeem/components/amount-form';
import { chooseDestination } from '../../features/redeem/choose-destination';
import { DestinationPicker } from '../../features/redeem/components/destination-picker';
import type { PayoutDestination } from '../../features/redeem/payout-destination';
import { redemptionFlow, useRedemptionFlow } from '../../features/redeem/redemption-flow';
import { useMethodFlow } from '../../features/redeem/use-method-flow';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { trackEvent } from '../../lib/analytics-events';
import { useMethodUI } from '../../lib/methods/method-registry';
import { useDocumentTitle } from '../../lib/use-document-title';
import { spendableFor } from '../../lib/welcome-bonus';
import { BackLink } from './back-link';
import { MethodUnavailable } from './method-unavailable';
import { PageHeading } from './page-heading';

/**
 * Step one of a payout redemption (/redeem/debit, /redeem/bank): where the money goes and how
 * much, with the method's limits, its fee and what arrives. Opening it starts the flow for this
 * method; coming back to it (from adding a card, or from Confirm Details) keeps the choices.
 */
export function RedeemMethodScreen<T>({ destination }: { destination: PayoutDestination<T> }) {
  const { t } = useTranslation();
  const { mode } = destination;
  const navigate = useNavigate();
  const title = t(useMethodUI(mode).titleKey);
  useDocumentTitle(title);
  const flow = useRedemptionFlow();
  const methods = useRedemptionMethods();
  const balance = useWalletBalance();
  const [pickError, setPickError] = useState<string | null>(null);
  const method = methods.data?.find((m) => m.mode === mode);

  useMethodFlow(mode, method);

  const body = () => {
    if (methods.isPending || balance.isPending) return <LoadingState />;
    if (methods.isError || balance.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() => void Promise.all([methods.refetch(), balance.refetch()])}
        />
      );
    }
    if (!method?.is_available) {
      return <MethodUnavailable />;
    }
    if (flow.mode !== mode) return <LoadingState />;
    return (
      <>
        <Card aria-labelledby="redeem-destination" className="flex flex-col gap-4">
          <h2 id="redeem-destination" className="text-lg font-semibold text-ink">
            {t(`redeem.${mode}.destinationTitle`)}
          </h2>
          <DestinationPicker
            destination={destination}
            selectedId={flow.selectedPaymentMethodUUID}
            error={pickError}
            onSelect={(saved) => {
              setPickError(null);
              chooseDestination(destination, saved);
            }}
          />
        </Card>
        <Card aria-labelledby="redeem-amount" className="flex flex-col gap-4">
          <h2 id="redeem-amount" className="text-lg font-semibold text-ink">
            {t('redeem.amount.title')}
          </h2>
          <AmountForm
            rules={{
              min_amount: flow.min_amount,
              max_amount: flow.max_amount,
              is_whole_amount_value_required: flow.is_whole_amount_value_required,
            }}
            spendable={spendableFor(balance.data, method)}
            feeRate={flow.fee_rate}
            initialCents={flow.amount}
            onContinue={(cents) => {
              if (!flow.selectedPaymentMethodUUID) {
                setPickError(t(`redeem.${mode}.choose`));
                return;
              }
              redemptionFlow.update({ amount: cents, gross_amount_in_cents: cents, orderID: null });
              trackEvent('redemption_amount_entered', { method: mode, amount_in_cents: cents });
              void navigate(paths.redeemDetails.href());
            }}
          />
        </Card>
      </>
    );
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.home.href()}>{t('redeem.backHome')}</BackLink>
      <PageHeading intro={t(`redeem.${mode}.intro`)}>{title}</PageHeading>
      {body()}
    </div>
  );
}
