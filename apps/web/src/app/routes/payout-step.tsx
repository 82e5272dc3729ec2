import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { AmountForm } from '../../features/redeem/components/amount-form';
import { chooseDestination } from '../../features/redeem/choose-destination';
import { DestinationPicker } from '../../features/redeem/components/destination-picker';
import type { PayoutDestination } from '../../features/redeem/payout-destination';
import { redemptionFlow, useRedemptionFlow } from '../../features/redeem/redemption-flow';
import { trackEvent } from '../../lib/analytics-events';
import { spendableFor } from '../../lib/welcome-bonus';
import type { MethodStepProps } from './method-start-screen';

/**
 * The step of a method that pays out to a saved destination (a debit card, a bank account):
 * which one, and how much, with the method's limits, its fee and what arrives. Coming back to
 * it (from adding a destination, or from Confirm Details) keeps the choices.
 */
export function payoutStep<T>(destination: PayoutDestination<T>) {
  const { mode } = destination;
  return function PayoutStep({ method, balance }: MethodStepProps) {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const flow = useRedemptionFlow();
    const [pickError, setPickError] = useState<string | null>(null);
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
            spendable={spendableFor(balance, method)}
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
}
