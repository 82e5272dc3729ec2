import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { PrepaidCard } from '@refund/contracts/prepaid-cards';
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cardClass } from '../../../components/card';
import { useLivePrepaidCard } from '../api/get-prepaid-card';
import { canReveal, formatExpiry, prepaidCardLabel, shownStatus } from '../card-format';
import { ActivatePrepaidCardButton } from './activate-prepaid-card';
import { PrepaidCardReveal } from './prepaid-card-reveal';
import { PrepaidCardStatusBadge } from './prepaid-card-status-badge';

function Field({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium break-words text-ink tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The card as a card: the network, the last four digits and the expiry on the card's colours. */
function CardTile({
  card,
  titleId,
  headingRef,
}: {
  card: PrepaidCard;
  titleId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const label = prepaidCardLabel(t, card);
  return (
    <div
      data-testid="prepaid-card-tile"
      data-last4={card.last4 ?? ''}
      className="flex aspect-[1.586] w-full max-w-72 shrink-0 flex-col justify-between rounded-xl bg-linear-to-br from-hero-from to-hero-to p-4 text-on-hero shadow-sm sm:w-64"
    >
      <span aria-hidden="true" className="self-end text-xl font-black tracking-wider italic">
        VISA
      </span>
      <div className="flex flex-col gap-1">
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className="font-mono text-lg font-semibold tracking-wide focus-visible:outline-on-hero"
        >
          {label}
        </h2>
        {card.status === 'processing' ? (
          <p className="text-sm">{t('prepaid.card.beingIssued')}</p>
        ) : (
          card.exp_month !== null &&
          card.exp_year !== null && (
            <p aria-hidden="true" className="font-mono text-sm">
              {formatExpiry(card.exp_month, card.exp_year)}
            </p>
          )
        )}
      </div>
    </div>
  );
}

function StatusNotice({ card }: { card: PrepaidCard }) {
  const { t } = useTranslation();
  switch (shownStatus(card)) {
    case 'processing':
      return (
        <p role="status" className="rounded-xl bg-warning-soft p-4 text-sm text-on-warning-soft">
          {t('prepaid.card.processing')}
        </p>
      );
    case 'inactive':
      return <p className="text-sm text-ink-muted">{t('prepaid.card.inactiveHint')}</p>;
    case 'failed':
      return (
        <div className="flex flex-col gap-1.5 rounded-xl border border-danger bg-danger-soft p-4 text-sm text-ink">
          <p className="font-semibold">{t('prepaid.card.failedTitle')}</p>
          <p>
            {t('prepaid.card.failedBody', {
              amount: formatMoney(card.loaded_in_cents + card.fee_in_cents),
            })}
          </p>
        </div>
      );
    case 'canceled':
      return <p className="text-sm text-ink-muted">{t('prepaid.card.canceled')}</p>;
    case 'expired':
      return <p className="text-sm text-ink-muted">{t('prepaid.card.expired')}</p>;
    default:
      return null;
  }
}

/**
 * One prepaid card: the card itself, its status, balance, expiry and what was loaded when, and
 * what can be done with it (activate it, show its number). A card still being issued is looked
 * at again until it is issued.
 */
export function PrepaidCardItem({ card: listed }: { card: PrepaidCard }) {
  const { t } = useTranslation();
  const card = useLivePrepaidCard(listed);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const status = shownStatus(card);
  const label = prepaidCardLabel(t, card);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="prepaid-card"
      className={`${cardClass} flex flex-col gap-4`}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <CardTile card={card} titleId={titleId} headingRef={headingRef} />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-3">
          <PrepaidCardStatusBadge status={status} />
          <dl className="grid w-full grid-cols-2 gap-3 text-sm">
            {card.balance_in_cents !== null && (
              // Only an issued card has a balance: one being issued or refused holds nothing.
              <Field label={t('prepaid.card.balance')} testId="prepaid-card-balance">
                <span className="text-lg font-bold">{formatMoney(card.balance_in_cents)}</span>
                {card.balance_updated_at && (
                  <span className="block text-xs font-normal text-ink-muted">
                    {t('prepaid.card.balanceAsOf', {
                      time: formatDateTime(card.balance_updated_at),
                    })}
                  </span>
                )}
              </Field>
            )}
            <Field label={t('prepaid.card.expires')} testId="prepaid-card-expires">
              {card.exp_month !== null && card.exp_year !== null
                ? formatExpiry(card.exp_month, card.exp_year)
                : t('prepaid.card.notIssued')}
            </Field>
            <Field
              label={t(
                card.balance_in_cents !== null ? 'prepaid.card.loaded' : 'redeem.amount.title',
              )}
              testId="prepaid-card-loaded"
            >
              {formatMoney(card.loaded_in_cents)}
            </Field>
            <Field label={t('prepaid.card.loadedOn')} testId="prepaid-card-date">
              <time dateTime={card.created_at}>{formatDateTime(card.created_at)}</time>
            </Field>
            {card.fee_in_cents > 0 && (
              <Field label={t('prepaid.card.fee')} testId="prepaid-card-fee">
                {formatMoney(card.fee_in_cents)}
              </Field>
            )}
          </dl>
        </div>
      </div>

      <StatusNotice card={card} />

      {status === 'inactive' && (
        <ActivatePrepaidCardButton
          cardUuid={card.card_uuid}
          cardLabel={label}
          // The button goes away with the card's new status: focus stays on this card.
          onActivated={() => headingRef.current?.focus()}
        />
      )}
      {canReveal(status) && <PrepaidCardReveal cardUuid={card.card_uuid} cardLabel={label} />}
    </article>
  );
}
