import { formatMoney } from '@refund/contracts/format';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import type { Spendable } from '../../../lib/welcome-bonus';
import {
  centsToInput,
  checkAmount,
  parseDollarsToCents,
  summarize,
  type AmountRules,
} from '../amount';
import { RedemptionSummary } from './redemption-summary';
import { SpendableBalance } from './spendable-balance';

export interface AmountFormProps {
  /** The method's limits. */
  rules: Omit<AmountRules, 'available_in_cents'>;
  /** What the method can spend (the welcome bonus counted only where the method spends it). */
  spendable: Spendable;
  /** Basis points of the amount. */
  feeRate: number;
  initialCents: number;
  onContinue: (cents: number) => void;
  /** What Continue started is under way (e.g. setting up the destination). */
  pending?: boolean;
  /** Why what Continue started was refused, announced above the button. */
  serverError?: string | null;
  /** The summary's last line, e.g. 'Loaded on your card'. */
  netLabel?: string | undefined;
}

/** Amount Input: the balance, the method's limits, the fee and what arrives, then Continue. */
export function AmountForm({
  rules,
  spendable,
  feeRate,
  initialCents,
  onContinue,
  pending = false,
  serverError = null,
  netLabel,
}: AmountFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialCents > 0 ? centsToInput(initialCents) : '');
  const [error, setError] = useState<string | null>(null);
  const typed = parseDollarsToCents(value);
  const preview = typed !== null && typed > 0 ? summarize(typed, feeRate) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(value, { ...rules, available_in_cents: spendable.cents });
    setError(check.ok ? null : check.message);
    if (!check.ok) return;
    onContinue(check.cents);
  };

  const limits =
    rules.max_amount > 0
      ? t('redeem.amount.limits', {
          min: formatMoney(rules.min_amount),
          max: formatMoney(rules.max_amount),
        })
      : t('redeem.amount.minimum', { min: formatMoney(rules.min_amount) });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <SpendableBalance spendable={spendable} />
      <TextField
        label={t('redeem.amount.label')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(null);
        }}
        hint={
          rules.is_whole_amount_value_required
            ? `${limits} ${t('redeem.amount.wholeOnly')}`
            : limits
        }
        error={error ?? undefined}
      />
      {preview && <RedemptionSummary summary={preview} feeRate={feeRate} netLabel={netLabel} />}
      <FormAlert message={serverError} />
      <Button type="submit" loading={pending}>
        {t('redeem.continue')}
      </Button>
    </form>
  );
}
