import type { GiftCardValue } from '@refund/contracts/brands';
import { formatMoney } from '@refund/contracts/format';
import type { RedemptionMethod } from '@refund/contracts/wallet';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { summarize } from '../amount';
import type { GiftCardMode } from './giftcard-quote';

interface Option {
  mode: GiftCardMode | 'debit' | 'bank';
  /** What the customer ends up with, in cents; null when the amount is outside the method's limits. */
  value: number | null;
  detail: string;
}

const fitsLimits = (method: RedemptionMethod, cents: number) =>
  cents >= (method.min_amount ?? 0) &&
  (method.max_amount === null || method.max_amount === 0 || cents <= method.max_amount) &&
  (!method.is_whole_amount_value_required || cents % 100 === 0);

interface ValueComparisonProps {
  /** How the gift card is bought: its row is named after the method. */
  mode: GiftCardMode;
  /** The server's value of the gift card (giftcard-value-query.ts): its figures are not worked out here. */
  value: GiftCardValue;
  brandName: string;
  /** The wallet's redemption methods; those not available now are left out. */
  methods: readonly RedemptionMethod[];
}

/** How the gift card row describes itself: with its cashback and reward where there are any. */
function giftCardDetail(
  t: TFunction,
  values: { brand: string; amount: number; cashback: number; reward: number },
): string {
  const { brand, amount, cashback, reward } = values;
  if (reward > 0) {
    return t('giftCards.compare.giftCardWithReward', {
      brand,
      amount: formatMoney(amount),
      cashback: formatMoney(cashback),
      reward: formatMoney(reward),
    });
  }
  return cashback > 0
    ? t('giftCards.compare.giftCardDetail', {
        brand,
        amount: formatMoney(amount),
        cashback: formatMoney(cashback),
      })
    : t('giftCards.compare.giftCardNoCashback', { brand });
}

/**
 * "What you get" for one amount, side by side: this gift card with its cashback (and the brand's
 * reward, where it has one), an instant
 * transfer to a debit card after its fee, and a bank transfer without one but slower. The most
 * valuable choice is marked, so it is visible before anything is committed.
 */
export function ValueComparison({ mode, value, brandName, methods }: ValueComparisonProps) {
  const { t } = useTranslation();
  const {
    amount_in_cents: amountCents,
    cashback_in_cents: cashback,
    reward_in_cents: reward,
  } = value;
  const options: Option[] = [
    {
      mode,
      value: value.total_value_in_cents,
      detail: giftCardDetail(t, { brand: brandName, amount: amountCents, cashback, reward }),
    },
  ];
  for (const mode of ['debit', 'bank'] as const) {
    const method = methods.find((m) => m.mode === mode && m.is_available);
    if (!method) continue;
    if (!fitsLimits(method, amountCents)) {
      options.push({ mode, value: null, detail: t('giftCards.compare.outsideLimits') });
      continue;
    }
    const summary = summarize(amountCents, method.fee_rate ?? 0);
    options.push({
      mode,
      value: summary.net,
      detail:
        summary.fee > 0
          ? t(`giftCards.compare.${mode}WithFee`, { fee: formatMoney(summary.fee) })
          : t(`giftCards.compare.${mode}NoFee`),
    });
  }
  const best = Math.max(...options.map((option) => option.value ?? 0));

  return (
    <section aria-labelledby="compare-title" className="flex flex-col gap-3">
      <h2 id="compare-title" className="text-lg font-semibold text-ink">
        {t('giftCards.compare.title', { amount: formatMoney(amountCents) })}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const isBest = option.value !== null && option.value === best && options.length > 1;
          return (
            <li
              key={option.mode}
              className={`flex flex-col gap-1 rounded-xl border px-3 py-3 ${
                isBest ? 'border-success bg-success-soft' : 'border-line bg-surface'
              }`}
            >
              <span className="flex items-center justify-between gap-2 text-sm font-medium text-ink">
                {t(`wallet.methods.${option.mode}.name`)}
                {isBest && (
                  <span className="rounded-full bg-success px-2 py-0.5 text-xs font-semibold text-on-primary">
                    {t('giftCards.compare.best')}
                  </span>
                )}
              </span>
              <span className="text-xl font-bold text-ink">
                {option.value === null ? '—' : formatMoney(option.value)}
              </span>
              <span className="text-sm text-ink-muted">{option.detail}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
