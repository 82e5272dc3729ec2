import type { GiftCardValue as GiftCardValueFigures } from '@refund/contracts/brands';
import { formatMoney, formatPercentFigure } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';

/** A server's figures for a gift card: a quote, or the value of an amount before one. */
type Figures = Pick<
  GiftCardValueFigures,
  | 'amount_in_cents'
  | 'cashback_bps'
  | 'cashback_in_cents'
  | 'reward_bps'
  | 'reward_in_cents'
  | 'total_value_in_cents'
>;

const plus = (cents: number) => (cents > 0 ? `+${formatMoney(cents)}` : formatMoney(0));

/**
 * The gift card's value in plain words before anything is confirmed: "Spend $100.00, get $104.00
 * back", with the face value, the cashback and any brand reward the wallet receives once the card
 * is issued. Every figure is the server's (a quote, or the value of an amount before one): none is
 * worked out here, so what is shown is what the ledger credits (ADR 0030).
 */
export function GiftCardValue({ value }: { value: Figures }) {
  const { t } = useTranslation();
  const {
    amount_in_cents: amountCents,
    cashback_in_cents: cashbackCents,
    reward_in_cents: rewardCents,
    total_value_in_cents: total,
  } = value;
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-surface-muted px-4 py-3">
      <p className="text-lg font-bold text-ink">
        {t('giftCards.value.spendGet', {
          spend: formatMoney(amountCents),
          get: formatMoney(total),
        })}
      </p>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t('giftCards.value.faceValue')}</dt>
          <dd className="font-medium text-ink">{formatMoney(amountCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">
            {t('giftCards.value.cashback', { rate: formatPercentFigure(value.cashback_bps) })}
          </dt>
          <dd className="font-medium text-success">{plus(cashbackCents)}</dd>
        </div>
        {rewardCents > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">
              {t('giftCards.value.reward', { rate: formatPercentFigure(value.reward_bps) })}
            </dt>
            <dd className="font-medium text-success" data-testid="giftcard-reward">
              {plus(rewardCents)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base">
          <dt className="font-semibold text-ink">{t('giftCards.value.total')}</dt>
          <dd className="font-bold text-ink">{formatMoney(total)}</dd>
        </div>
      </dl>
      {rewardCents > 0 ? (
        <p className="text-sm text-ink-muted">{t('giftCards.value.cashbackAndRewardWhen')}</p>
      ) : (
        cashbackCents > 0 && (
          <p className="text-sm text-ink-muted">{t('giftCards.value.cashbackWhen')}</p>
        )
      )}
    </div>
  );
}
