import { formatMoney } from '@refund/contracts/format';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CheckboxField } from '../../../components/checkbox-field';
import { paymentOf, type Spendable } from '../../../lib/welcome-bonus';
import { summarize } from '../amount';
import type { RedemptionFlow } from '../redemption-flow';
import { RedemptionSummary } from './redemption-summary';
import { FormAlert } from '../../../components/form-alert';
import type { GiftCardQuote } from '@refund/contracts/brands';
import type { MethodUI } from '../../../lib/methods/method-ui';
import { GiftCardValue } from '../giftcard/giftcard-value';

interface ConfirmDetailsProps {
  flow: RedemptionFlow;
  /** The flow's method: its name, when its money arrives, what its summary calls what arrives. */
  method: MethodUI;
  /** What the method can spend: the welcome bonus, where it spends it, pays first. */
  spendable: Spendable;
  pending: boolean;
  serverError: string | null;
  /** A gift card's quote: its figures are shown as they are, and until when they are held. */
  quote?: GiftCardQuote | null | undefined;
  /** Said before the form, e.g. that the offer changed since the customer last saw it. */
  notice?: string | null | undefined;
  onConfirm: () => void;
}

const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Confirm Details: everything about the redemption, once more, and consent to the SMS code. */
export function ConfirmDetails({
  flow,
  method,
  spendable,
  pending,
  serverError,
  quote,
  notice,
  onConfirm,
}: ConfirmDetailsProps) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const summary = summarize(flow.amount, flow.fee_rate);
  const payment = paymentOf(spendable, flow.amount);
  const netLabel = method.confirm.netLabelKey;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!consent) {
      setConsentError(t('redeem.confirm.consentRequired'));
      return;
    }
    onConfirm();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {notice && (
        <p
          role="status"
          className="rounded-xl bg-warning-soft px-4 py-3 text-sm text-on-warning-soft"
        >
          {notice}
        </p>
      )}
      <dl className="flex flex-col divide-y divide-line">
        <div className="flex justify-between gap-4 pb-3">
          <dt className="text-ink-muted">{t('redeem.confirm.method')}</dt>
          <dd className="text-right font-medium text-ink">{t(method.labelKey)}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-muted">{t('redeem.confirm.to')}</dt>
          <dd className="text-right font-medium text-ink">{flow.display_name}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-ink-muted">{t('redeem.confirm.arrives')}</dt>
          <dd className="text-right font-medium text-ink">{t(method.confirm.arrivalKey)}</dd>
        </div>
        {payment.fromBonus > 0 && (
          <>
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-ink-muted">{t('redeem.confirm.paidWithBonus')}</dt>
              <dd data-testid="confirm-paid-bonus" className="text-right font-medium text-ink">
                {formatMoney(payment.fromBonus)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-3">
              <dt className="text-ink-muted">{t('redeem.confirm.paidFromBalance')}</dt>
              <dd data-testid="confirm-paid-balance" className="text-right font-medium text-ink">
                {formatMoney(payment.fromBalance)}
              </dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-4 pt-3">
          <dt className="text-ink-muted">{t('redeem.confirm.balanceAfter')}</dt>
          <dd data-testid="confirm-balance-after" className="text-right font-medium text-ink">
            {formatMoney(payment.balanceAfter)}
          </dd>
        </div>
      </dl>
      {/* A quoted purchase shows the quote's own figures; anything else the amount's fee. */}
      {method.quoted ? (
        quote && <GiftCardValue value={quote} />
      ) : (
        <RedemptionSummary
          summary={summary}
          feeRate={flow.fee_rate}
          netLabel={netLabel ? t(netLabel) : undefined}
        />
      )}
      {quote && (
        <p className="text-sm text-ink-muted">
          {t('giftCards.confirm.heldUntil', { time: formatTime(quote.expires_at) })}
        </p>
      )}
      <CheckboxField
        label={t('redeem.confirm.consent')}
        checked={consent}
        onChange={(event) => {
          setConsent(event.target.checked);
          if (event.target.checked) setConsentError(null);
        }}
        error={consentError ?? undefined}
      />
      <FormAlert message={serverError} />
      <Button type="submit" loading={pending}>
        {t('redeem.confirm.submit')}
      </Button>
    </form>
  );
}
