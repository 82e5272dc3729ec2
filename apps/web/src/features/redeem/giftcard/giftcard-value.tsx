import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';

interface GiftCardValueProps {
  /** The gift card's face value, taken from the wallet. */
  amountCents: number;
  cashbackCents: number;
  cashbackPercentage: number;
}

/**
 * The gift card's value in plain words before anything is confirmed: "Spend $100.00, get $104.00
 * back", with the face value and the cashback the wallet receives once the card is issued.
 */
export function GiftCardValue({
  amountCents,
  cashbackCents,
  cashbackPercentage,
}: GiftCardValueProps) {
  const { t } = useTranslation();
  const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(
    cashbackPercentage,
  );
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-surface-muted px-4 py-3">
      <p className="text-lg font-bold text-ink">
        {t('giftCards.value.spendGet', {
          spend: formatMoney(amountCents),
          get: formatMoney(amountCents + cashbackCents),
        })}
      </p>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t('giftCards.value.faceValue')}</dt>
          <dd className="font-medium text-ink">{formatMoney(amountCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t('giftCards.value.cashback', { rate })}</dt>
          <dd className="font-medium text-success">
            {cashbackCents > 0 ? `+${formatMoney(cashbackCents)}` : formatMoney(0)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base">
          <dt className="font-semibold text-ink">{t('giftCards.value.total')}</dt>
          <dd className="font-bold text-ink">{formatMoney(amountCents + cashbackCents)}</dd>
        </div>
      </dl>
      {cashbackCents > 0 && (
        <p className="text-sm text-ink-muted">{t('giftCards.value.cashbackWhen')}</p>
      )}
    </div>
  );
}
