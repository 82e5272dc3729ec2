import { formatMoney } from '@refund/contracts/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useStartWithdrawalOtp } from '../../features/redeem/api/start-withdrawal-otp';
import { ConfirmDetails } from '../../features/redeem/components/confirm-details';
import {
  adoptQuote,
  createGiftCardQuote,
  giftCardQuoteSlot,
  isGiftCardMode,
  quoteIsFresh,
} from '../../features/redeem/giftcard/giftcard-quote';
import {
  isReadyToConfirm,
  redemptionFlow,
  useRedemptionFlow,
  type RedemptionFlow,
} from '../../features/redeem/redemption-flow';
import { saveWithdrawalAttempt } from '../../features/redeem/withdrawal-attempt';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { errorMessage } from '../../lib/api-error';
import { spendableFor } from '../../lib/welcome-bonus';
import { trackEvent } from '../../lib/analytics-events';
import { attemptFromChallenge } from '../../lib/otp-attempt';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackLink } from './back-link';
import { PageHeading } from './page-heading';

/** The screen a flow's method starts on, to go back and change something. */
export function methodHref(flow: Pick<RedemptionFlow, 'mode' | 'selectedGiftcardBrand'>): string {
  switch (flow.mode) {
    case 'bank':
      return paths.redeemBank.href();
    case 'prepaid':
      return paths.redeemPrepaid.href();
    case 'fancash':
      return paths.redeemFanCash.href();
    case 'giftcard':
      return flow.selectedGiftcardBrand
        ? paths.redeemGiftCardBrand.href(flow.selectedGiftcardBrand)
        : paths.redeemGiftCard.href();
    case 'earn_rewards':
      return flow.selectedGiftcardBrand
        ? paths.earnRewardsBrand.href(flow.selectedGiftcardBrand)
        : paths.earnRewards.href();
    default:
      return paths.redeemDebit.href();
  }
}

/**
 * Before a gift card's passcode is sent, its quote must still hold: one about to expire is
 * renewed, and if the renewed offer differs the customer sees it and confirms again.
 * Answers whether confirming may go on.
 */
async function renewQuoteIfNeeded(
  flow: RedemptionFlow,
  onChanged: (totalValueCents: number) => void,
): Promise<boolean> {
  if (!isGiftCardMode(flow.mode)) return true;
  const held = giftCardQuoteSlot.read();
  if (held && held.quote_id === flow.selectedPaymentMethodUUID && quoteIsFresh(held)) return true;
  if (!flow.selectedGiftcardBrand) return false;
  const renewed = await createGiftCardQuote({
    brand_id: flow.selectedGiftcardBrand,
    amount_in_cents: flow.amount,
  });
  const before = flow.gross_amount_in_cents;
  adoptQuote(
    redemptionFlow.update,
    renewed,
    { id: flow.selectedGiftcardBrand, name: flow.display_name ?? '', image: flow.image },
    flow.mode,
  );
  if (renewed.total_value_in_cents === before) return true;
  onChanged(renewed.total_value_in_cents);
  return false;
}

/** Confirm Details (/redeem-details): confirming texts the withdrawal passcode. */
export function RedeemDetailsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.redeemDetails'));
  const navigate = useNavigate();
  const flow = useRedemptionFlow();
  const balance = useWalletBalance();
  // Whether the welcome bonus pays first is the method's, as the API lists it.
  const methods = useRedemptionMethods();
  const startOtp = useStartWithdrawalOtp();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [renewing, setRenewing] = useState(false);

  if (!isReadyToConfirm(flow)) {
    return <Navigate to={flow.mode ? methodHref(flow) : paths.home.href()} replace />;
  }
  const held = isGiftCardMode(flow.mode) ? giftCardQuoteSlot.read() : null;
  const quote = held?.quote_id === flow.selectedPaymentMethodUUID ? held : null;
  // A gift card is confirmed only with its quote in hand, whose figures are the ones shown: when
  // it is not kept (another tab started over), its amount is chosen and quoted again.
  if (isGiftCardMode(flow.mode) && !quote) return <Navigate to={methodHref(flow)} replace />;

  const sendPasscode = () =>
    startOtp.mutate(undefined, {
      onSuccess: (challenge) => {
        // One id per redemption: every retry of the payment below carries the same key.
        const current = redemptionFlow.get();
        const orderId = current.orderID ?? crypto.randomUUID();
        redemptionFlow.update({ orderID: orderId });
        saveWithdrawalAttempt(orderId, attemptFromChallenge(challenge));
        if (current.mode) trackEvent('redemption_details_confirmed', { method: current.mode });
        void navigate(paths.verifyOtp.href());
      },
      onError: (error) => setServerError(errorMessage(error)),
    });

  const confirm = () => {
    setServerError(null);
    setNotice(null);
    setRenewing(true);
    renewQuoteIfNeeded(flow, (total) =>
      setNotice(t('giftCards.confirm.offerChanged', { total: formatMoney(total) })),
    )
      .then((goOn) => {
        if (goOn) sendPasscode();
      })
      .catch((error: unknown) => setServerError(errorMessage(error)))
      .finally(() => setRenewing(false));
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={methodHref(flow)}>
        {t(
          isGiftCardMode(flow.mode)
            ? 'giftCards.confirm.edit'
            : flow.mode === 'prepaid' || flow.mode === 'fancash'
              ? 'redeem.confirm.editAmount'
              : 'redeem.confirm.edit',
        )}
      </BackLink>
      <PageHeading intro={t('redeem.confirm.intro')}>{t('titles.redeemDetails')}</PageHeading>
      <Card>
        {balance.isPending || methods.isPending ? (
          <LoadingState />
        ) : balance.isError || methods.isError ? (
          <ErrorState
            message={t('common.fetchRecordsError')}
            onRetry={() =>
              void Promise.all([
                balance.isError ? balance.refetch() : null,
                methods.isError ? methods.refetch() : null,
              ])
            }
          />
        ) : (
          <ConfirmDetails
            flow={flow}
            spendable={spendableFor(
              balance.data,
              methods.data.find((m) => m.mode === flow.mode),
            )}
            pending={startOtp.isPending || renewing}
            serverError={serverError}
            quote={quote}
            notice={notice}
            onConfirm={confirm}
          />
        )}
      </Card>
    </div>
  );
}
