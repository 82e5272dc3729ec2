import { brandDisplayName, type Brand } from '@refund/contracts/brands';
import { messages } from '@refund/contracts/errors';
import { formatMoney } from '@refund/contracts/format';
import type { RedemptionMethod } from '@refund/contracts/wallet';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import type { Spendable } from '../../../lib/welcome-bonus';
import { centsToInput, checkAmount, parseDollarsToCents } from '../amount';
import { SpendableBalance } from '../components/spendable-balance';
import type { GiftCardMode } from './giftcard-quote';
import { GiftCardValue } from './giftcard-value';
import { useGiftCardValue } from './giftcard-value-query';
import { ValueComparison } from './value-comparison';

interface GiftCardAmountFormProps {
  /** How the card is bought: a plain gift card, or an earn-rewards brand's. */
  mode: GiftCardMode;
  brand: Brand;
  /** What a gift card can be bought with: the available balance and the welcome bonus. */
  spendable: Spendable;
  methods: readonly RedemptionMethod[];
  initialCents: number;
  pending: boolean;
  serverError: string | null;
  onContinue: (cents: number) => void;
}

/** The fixed values a brand sells, as radio choices; those above the balance say so. */
function FixedChoices({
  values,
  availableCents,
  selected,
  error,
  onSelect,
}: {
  values: readonly number[];
  availableCents: number;
  selected: number | null;
  error: string | null;
  onSelect: (cents: number) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-ink">
        {t('giftCards.brand.chooseValue')}
      </legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {values.map((cents) => (
          <label
            key={cents}
            className="flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-xl border border-field-line bg-surface px-2 text-base font-semibold text-ink has-checked:border-primary has-checked:bg-primary-soft has-checked:text-on-primary-soft has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus)"
          >
            <input
              type="radio"
              name={name}
              value={cents}
              checked={selected === cents}
              onChange={() => onSelect(cents)}
              className="sr-only"
            />
            {formatMoney(cents)}
            {cents > availableCents && (
              <span className="text-xs font-normal text-ink-muted">
                {t('giftCards.brand.aboveBalance')}
              </span>
            )}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The amount of a gift card: typed within the brand's limits, or one of its fixed values. As
 * soon as there is an amount, what it is worth, as the server works it out for a quote: "Spend
 * $X, get $Y back" (with the brand's reward where it has one), and beside it what the same money
 * would be as a debit card or bank transfer.
 */
export function GiftCardAmountForm({
  mode,
  brand,
  spendable,
  methods,
  initialCents,
  pending,
  serverError,
  onContinue,
}: GiftCardAmountFormProps) {
  const { t } = useTranslation();
  const { denominations } = brand;
  const fixed = denominations.type === 'fixed' ? denominations.values_in_cents : null;
  const [typed, setTyped] = useState(initialCents > 0 && !fixed ? centsToInput(initialCents) : '');
  const [chosen, setChosen] = useState<number | null>(
    fixed && fixed.includes(initialCents) ? initialCents : null,
  );
  const [error, setError] = useState<string | null>(null);
  const availableCents = spendable.cents;
  const amount = fixed ? chosen : parseDollarsToCents(typed);
  const preview = amount !== null && amount > 0 ? amount : null;
  const valued = useGiftCardValue(brand.id, preview, { typed: !fixed });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fixed) {
      if (chosen === null) return setError(t('giftCards.brand.chooseValueError'));
      if (chosen > availableCents) return setError(messages.notEnoughBalance);
      setError(null);
      return onContinue(chosen);
    }
    if (denominations.type !== 'open') return;
    const check = checkAmount(typed, {
      min_amount: denominations.min_in_cents,
      max_amount: denominations.max_in_cents,
      is_whole_amount_value_required: denominations.is_whole_amount_value_required,
      available_in_cents: availableCents,
    });
    setError(check.ok ? null : check.message);
    if (check.ok) onContinue(check.cents);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <SpendableBalance spendable={spendable} />
      {fixed ? (
        <FixedChoices
          values={fixed}
          availableCents={availableCents}
          selected={chosen}
          error={error}
          onSelect={(cents) => {
            setChosen(cents);
            setError(null);
          }}
        />
      ) : (
        denominations.type === 'open' && (
          <TextField
            label={t('giftCards.brand.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              if (error) setError(null);
            }}
            hint={`${t('giftCards.brand.limits', {
              min: formatMoney(denominations.min_in_cents),
              max: formatMoney(denominations.max_in_cents),
            })}${denominations.is_whole_amount_value_required ? ` ${t('redeem.amount.wholeOnly')}` : ''}`}
            error={error ?? undefined}
          />
        )
      )}
      {valued.value ? (
        <>
          <GiftCardValue value={valued.value} />
          <ValueComparison
            mode={mode}
            value={valued.value}
            brandName={brandDisplayName(brand)}
            methods={methods}
          />
        </>
      ) : (
        valued.working && (
          <p role="status" className="text-sm text-ink-muted">
            {t('giftCards.value.working')}
          </p>
        )
      )}
      <FormAlert message={serverError} />
      <Button type="submit" loading={pending}>
        {t('redeem.continue')}
      </Button>
    </form>
  );
}
