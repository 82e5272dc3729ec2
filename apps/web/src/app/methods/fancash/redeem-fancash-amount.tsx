import type { FanCashLinkView } from '@refund/contracts/fancash';
import type { RedemptionMethod, WalletBalance } from '@refund/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatFeeRate } from '../../../features/redeem/amount';
import { AmountCard } from '../../../features/redeem/components/amount-card';
import { redemptionFlow, useRedemptionFlow } from '../../../features/redeem/redemption-flow';
import { limitsOf } from '../../../features/redeem/use-method-flow';
import { spendableFor } from '../../../lib/welcome-bonus';
import { trackEvent } from '../../../lib/analytics-events';

interface FanCashAmountProps {
  link: FanCashLinkView;
  method: RedemptionMethod;
  balance: WalletBalance;
}

/**
 * How much FanCash to get, within the method's limits and out of the available balance (the
 * welcome bonus never pays for FanCash). Continue makes the linked account the destination.
 */
export function FanCashAmount({ link, method, balance }: FanCashAmountProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useRedemptionFlow();

  const onContinue = (cents: number) => {
    trackEvent('redemption_amount_entered', { method: 'fancash', amount_in_cents: cents });
    redemptionFlow.update({
      mode: 'fancash',
      selectedPaymentMethodUUID: link.id,
      display_name: t('transactions.destination.fanCash', { name: link.display_name }),
      amount: cents,
      gross_amount_in_cents: cents,
      orderID: null,
      ...limitsOf(method),
    });
    void navigate(paths.redeemDetails.href());
  };

  return (
    <AmountCard
      feeNote={
        flow.fee_rate > 0
          ? t('fancash.redeem.feeRate', { rate: formatFeeRate(flow.fee_rate) })
          : t('fancash.redeem.noFee')
      }
      feeNoteTestId="fancash-fee"
      rules={{
        min_amount: flow.min_amount,
        max_amount: flow.max_amount,
        is_whole_amount_value_required: flow.is_whole_amount_value_required,
      }}
      spendable={spendableFor(balance, method)}
      feeRate={flow.fee_rate}
      initialCents={flow.amount}
      netLabel={t('redeem.summary.addedAsFanCash')}
      onContinue={onContinue}
    />
  );
}
