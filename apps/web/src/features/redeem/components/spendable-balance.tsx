import { formatMoney } from '@refund/contracts/format';
import { useTranslation } from 'react-i18next';
import type { Spendable } from '../../../lib/welcome-bonus';

/**
 * What the method can spend, above its amount: the balance, with the welcome bonus in it where
 * the method spends it (first), or a note that it cannot where it does not (a payout), so the
 * customer knows why the bonus is not counted.
 */
export function SpendableBalance({ spendable }: { spendable: Spendable }) {
  const { t } = useTranslation();
  return (
    <>
      <p data-testid="redeem-spendable" className="text-ink">
        {t('redeem.amount.available')}{' '}
        <strong className="font-bold">{formatMoney(spendable.cents)}</strong>
        {spendable.bonusCents > 0 && (
          <> {t('redeem.amount.includingBonus', { bonus: formatMoney(spendable.bonusCents) })}</>
        )}
      </p>
      {spendable.unspendableBonusCents > 0 && (
        <p data-testid="redeem-bonus-note" className="text-sm text-ink-muted">
          {t('redeem.amount.bonusElsewhere', {
            bonus: formatMoney(spendable.unspendableBonusCents),
          })}
        </p>
      )}
    </>
  );
}
