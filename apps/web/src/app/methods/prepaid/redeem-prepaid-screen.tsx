import { errorCatalog } from '@refund/contracts/errors';
import { preferredAddress } from '@refund/contracts/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useEnsurePrepaidCardholder } from '../../../features/prepaid/api/ensure-prepaid-cardholder';
import { usePrepaidCardholder } from '../../../features/prepaid/api/get-prepaid-cardholder';
import { CardIssuedTo } from '../../../features/prepaid/components/card-issued-to';
import { useProfile } from '../../../features/profile/api/get-profile';
import { formatFeeRate } from '../../../features/redeem/amount';
import { AmountCard } from '../../../features/redeem/components/amount-card';
import { redemptionFlow, useRedemptionFlow } from '../../../features/redeem/redemption-flow';
import { limitsOf } from '../../../features/redeem/use-method-flow';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { spendableFor } from '../../../lib/welcome-bonus';
import { MethodStartScreen, type MethodStepProps } from '../../routes/method-start-screen';
import type { UpdateAddressState } from '../../routes/update-profile-screen';
import { trackEvent } from '../../../lib/analytics-events';

const needAddress: UpdateAddressState = { returnTo: paths.redeemPrepaid.href() };

const addressRequired = (error: unknown) =>
  error instanceof ApiError && error.body.code === errorCatalog.ADDRESS_REQUIRED.code;

/**
 * Who the card is issued to: the cardholder the issuer knows, or before the first card the
 * profile's name and preferred address, which Continue makes the cardholder.
 */
function IssuedTo() {
  const { t } = useTranslation();
  const cardholder = usePrepaidCardholder();
  const profile = useProfile();
  const holder = cardholder.data;

  if (holder) {
    return <CardIssuedTo name={holder.name} address={holder.address} existing />;
  }
  if (cardholder.isPending || (holder === null && profile.isPending)) return <LoadingState />;
  if (cardholder.isError || profile.isError) {
    return (
      <ErrorState
        message={t('common.fetchRecordsError')}
        onRetry={() =>
          void Promise.all([
            cardholder.isError ? cardholder.refetch() : null,
            profile.isError ? profile.refetch() : null,
          ])
        }
      />
    );
  }
  if (!profile.data) return <LoadingState />;
  return (
    <CardIssuedTo
      name={`${profile.data.first_name} ${profile.data.last_name}`}
      address={preferredAddress(profile.data.address)}
      existing={false}
      addAddress={
        <Link
          to={paths.updateProfile.href()}
          state={needAddress}
          className="self-start font-semibold text-primary underline underline-offset-4"
        >
          {t('prepaid.redeem.addAddress')}
        </Link>
      }
    />
  );
}

/**
 * The prepaid card's step: who the card is issued to and how much to load, with the method's
 * limits and fee. Continue makes sure the customer is the cardholder (asking for an address
 * first if there is none), then Confirm Details and the passcode as for any redemption, the
 * cardholder standing for the destination.
 */
function PrepaidStep({ method, balance }: MethodStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useRedemptionFlow();
  const ensureCardholder = useEnsurePrepaidCardholder();
  const [serverError, setServerError] = useState<string | null>(null);

  const onContinue = (cents: number) => {
    setServerError(null);
    trackEvent('redemption_amount_entered', { method: 'prepaid', amount_in_cents: cents });
    // Kept first, so the amount is still there after adding a missing address.
    redemptionFlow.update({ amount: cents, gross_amount_in_cents: cents, orderID: null });
    ensureCardholder.mutate(undefined, {
      onSuccess: (cardholder) => {
        redemptionFlow.update({
          mode: 'prepaid',
          selectedPaymentMethodUUID: cardholder.cardholder_uuid,
          display_name: t('prepaid.cardName'),
          amount: cents,
          gross_amount_in_cents: cents,
          orderID: null,
          ...limitsOf(method),
        });
        void navigate(paths.redeemDetails.href());
      },
      onError: (error) => {
        if (addressRequired(error)) {
          void navigate(paths.updateProfile.href(), { state: needAddress });
          return;
        }
        setServerError(errorMessage(error));
      },
    });
  };

  return (
    <>
      <Card aria-labelledby="prepaid-issued-to" className="flex flex-col gap-4">
        <h2 id="prepaid-issued-to" className="text-lg font-semibold text-ink">
          {t('prepaid.redeem.issuedToTitle')}
        </h2>
        <IssuedTo />
      </Card>
      <AmountCard
        feeNote={
          flow.fee_rate > 0
            ? t('prepaid.redeem.feeRate', { rate: formatFeeRate(flow.fee_rate) })
            : t('prepaid.redeem.noFee')
        }
        feeNoteTestId="prepaid-fee"
        rules={{
          min_amount: flow.min_amount,
          max_amount: flow.max_amount,
          is_whole_amount_value_required: flow.is_whole_amount_value_required,
        }}
        spendable={spendableFor(balance, method)}
        feeRate={flow.fee_rate}
        initialCents={flow.amount}
        netLabel={t('redeem.summary.loadedOnCard')}
        pending={ensureCardholder.isPending}
        serverError={serverError}
        onContinue={onContinue}
      />
    </>
  );
}

/** A prepaid card (/redeem/prepaid): the shared start screen with the cardholder's step. */
export function RedeemPrepaidScreen() {
  return <MethodStartScreen mode="prepaid" Step={PrepaidStep} />;
}
