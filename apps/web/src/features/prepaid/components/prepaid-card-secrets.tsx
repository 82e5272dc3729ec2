import type { PrepaidCardSecrets } from '@refund/contracts/prepaid-cards';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';
import { cardDigits, formatExpiry, groupCardNumber } from '../card-format';

/**
 * What showing a card's number needs, and no more: the issuer's own card-display iframe can
 * take this component's place behind the same props.
 */
export interface PrepaidCardSecretsViewProps {
  /**
   * The number, CVC and expiry, just answered for a fresh passcode. The caller holds them in
   * component state only (never a store, storage, the query cache or the URL).
   */
  secrets: PrepaidCardSecrets;
  /** How the card is named ('Visa •••• 4242'), for the heading and the buttons' names. */
  cardLabel: string;
  /** "Hide": the caller forgets the secrets. */
  onHide: () => void;
}

function Secret({
  label,
  value,
  copy,
  testId,
  wide = false,
}: {
  label: string;
  value: string;
  copy: string;
  testId: string;
  wide?: boolean;
}) {
  return (
    <div className={`rounded-xl bg-surface-muted px-4 py-3 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span
          data-testid={testId}
          className="min-w-0 font-mono text-lg font-semibold break-all text-ink tabular-nums"
        >
          {value}
        </span>
        <CopyButton value={copy} what={label} />
      </dd>
    </div>
  );
}

/** A card's number (in groups of four), expiry and CVC, each to copy, and "Hide". */
export function PrepaidCardSecretsView({
  secrets,
  cardLabel,
  onHide,
}: PrepaidCardSecretsViewProps) {
  const { t } = useTranslation();
  // Focus lands on what was just revealed.
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const titleId = useId();
  const expiry = formatExpiry(secrets.exp_month, secrets.exp_year);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
        {t('prepaid.secrets.title', { card: cardLabel })}
      </h3>
      {/* The groups sit right in the list: a definition list allows no other wrapper. */}
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Secret
          label={t('prepaid.secrets.number')}
          value={groupCardNumber(secrets.number)}
          copy={cardDigits(secrets.number)}
          testId="prepaid-card-number"
          wide
        />
        <Secret
          label={t('prepaid.secrets.expiry')}
          value={expiry}
          copy={expiry}
          testId="prepaid-card-expiry"
        />
        <Secret
          label={t('prepaid.secrets.cvc')}
          value={secrets.cvc}
          copy={secrets.cvc}
          testId="prepaid-card-cvc"
        />
      </dl>
      <p className="text-sm text-ink-muted">{t('prepaid.secrets.doNotShare')}</p>
      <Button
        variant="secondary"
        className="self-start"
        aria-label={t('prepaid.secrets.hideLabel', { card: cardLabel })}
        onClick={onHide}
      >
        {t('prepaid.secrets.hide')}
      </Button>
    </section>
  );
}
