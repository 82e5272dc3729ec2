import { brandDisplayName } from '@refund/contracts/brands';
import { formatDateTime, formatMoney } from '@refund/contracts/format';
import type { GiftCardDetails as Details } from '@refund/contracts/giftcards';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/button';
import { Card, cardClass } from '../../../components/card';
import { FormAlert } from '../../../components/form-alert';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { expiryText } from '../../../lib/brand-texts';
import { notify } from '../../../lib/toast';
import { useArchiveGiftCard } from '../api/archive-gift-card';
import { useGiftCard } from '../api/get-gift-card';
import { BrandArt } from './brand-art';
import { GiftCardCode } from './gift-card-code';
import { GiftCardStatusBadge } from './gift-card-status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

function typeKey(card: Details): 'online' | 'inStore' | 'both' | null {
  if (card.redeemable_online && card.redeemable_in_store) return 'both';
  if (card.redeemable_online) return 'online';
  if (card.redeemable_in_store) return 'inStore';
  return null;
}

function StatusNotice({ card }: { card: Details }) {
  const { t } = useTranslation();
  if (card.status === 'processing') {
    return (
      <div role="status" className="rounded-xl bg-warning-soft p-4 text-sm text-on-warning-soft">
        <p className="font-semibold">{t('giftCardWallet.details.processingTitle')}</p>
        <p>{t('giftCardWallet.details.processingBody')}</p>
      </div>
    );
  }
  if (card.status === 'failed') {
    return (
      <div className="flex flex-col gap-1.5 rounded-xl border border-danger bg-danger-soft p-4 text-sm text-ink">
        <p className="font-semibold">{t('giftCardWallet.details.failedTitle')}</p>
        <p>
          {t('giftCardWallet.details.failedBody', { amount: formatMoney(card.amount_in_cents) })}
        </p>
      </div>
    );
  }
  return null;
}

/** Marks the card used, or moves it back to the active ones. */
function ArchiveToggle({ card }: { card: Details }) {
  const { t } = useTranslation();
  const archive = useArchiveGiftCard();
  const [error, setError] = useState<string | null>(null);
  const toggle = () => {
    setError(null);
    archive.mutate(
      { reference: card.reward_reference_id, archived: !card.archived },
      {
        onSuccess: (updated) =>
          notify.success(
            t(
              updated.archived
                ? 'giftCardWallet.details.markedUsed'
                : 'giftCardWallet.details.movedToActive',
            ),
          ),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" onClick={toggle} loading={archive.isPending}>
        {card.archived
          ? t('giftCardWallet.details.moveToActive')
          : t('giftCardWallet.details.markUsed')}
      </Button>
      <FormAlert message={error} />
    </div>
  );
}

interface GiftCardCardProps {
  card: Details;
  instructionsHref: string;
  onViewLaterSent: () => void;
}

/**
 * One card: its value, cashback (and the brand's reward, where it had one), type and expiry, its
 * code, how to use it and its terms.
 */
export function GiftCardCard({ card, instructionsHref, onViewLaterSent }: GiftCardCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const brand = brandDisplayName(card.brand);
  const type = typeKey(card);
  return (
    <div className="flex flex-col gap-5">
      <article aria-labelledby={titleId} className={`${cardClass} flex flex-col gap-5`}>
        <div className="flex flex-wrap items-start gap-4">
          <BrandArt imageUrl={card.brand.image_url} className="w-28 sm:w-36" />
          <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
            <h2 id={titleId} className="text-xl font-bold break-words text-ink">
              {t('giftCardWallet.giftCard', { brand })}
            </h2>
            <GiftCardStatusBadge status={card.status} />
            {card.archived && (
              <p className="text-sm text-ink-muted">{t('giftCardWallet.details.archivedNote')}</p>
            )}
          </div>
        </div>

        <StatusNotice card={card} />

        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <Field label={t('giftCardWallet.details.totalValue')}>
            <span className="text-lg font-bold tabular-nums" data-testid="gift-card-total">
              {formatMoney(card.total_value_in_cents)}
            </span>
          </Field>
          <Field label={t('giftCardWallet.details.amount')}>
            <span className="tabular-nums">{formatMoney(card.amount_in_cents)}</span>
          </Field>
          <Field label={t('giftCardWallet.details.cashback')}>
            <span className="tabular-nums">{formatMoney(card.cashback_in_cents)}</span>
          </Field>
          {card.reward_in_cents > 0 && (
            <Field label={t('giftCardWallet.details.reward')}>
              <span className="tabular-nums" data-testid="gift-card-reward">
                {formatMoney(card.reward_in_cents)}
              </span>
            </Field>
          )}
          {type && (
            <Field label={t('giftCardWallet.details.type')}>
              {t(`giftCardWallet.details.typeName.${type}`)}
            </Field>
          )}
          <Field label={t('giftCardWallet.details.expiry')}>{expiryText(t, card.expiry)}</Field>
          <Field label={t('giftCardWallet.details.purchased')}>
            <time dateTime={card.created_at}>{formatDateTime(card.created_at)}</time>
          </Field>
          <Field label={t('giftCardWallet.details.reference')}>
            <span className="break-all">{card.reward_reference_id}</span>
          </Field>
        </dl>

        {card.balance_check_url && /^https?:\/\//i.test(card.balance_check_url) && (
          <a
            href={card.balance_check_url}
            target="_blank"
            rel="noopener noreferrer"
            className="self-start font-semibold text-primary underline underline-offset-4"
          >
            {t('giftCardWallet.details.checkBalance')}
            <span className="sr-only"> {t('giftCardWallet.details.newTab')}</span>
          </a>
        )}
      </article>

      {card.status === 'issued' && card.credentials_available && (
        <Card>
          <GiftCardCode reference={card.reward_reference_id} onViewLaterSent={onViewLaterSent} />
        </Card>
      )}

      <Card aria-labelledby={`${titleId}-use`} className="flex flex-col items-start gap-3">
        <h2 id={`${titleId}-use`} className="text-lg font-semibold text-ink">
          {t('giftCardWallet.details.instructions')}
        </h2>
        <p className="text-ink">{card.description}</p>
        <Link to={instructionsHref} className={buttonVariants.secondary}>
          {t('giftCardWallet.details.redeem')}
        </Link>
      </Card>

      <Card aria-labelledby={`${titleId}-terms`} className="flex flex-col gap-3">
        <h2 id={`${titleId}-terms`} className="text-lg font-semibold text-ink">
          {t('giftCardWallet.details.terms')}
        </h2>
        <p className="text-sm whitespace-pre-line text-ink">{card.terms}</p>
      </Card>

      {card.status !== 'processing' && <ArchiveToggle card={card} />}
    </div>
  );
}

interface GiftCardDetailsProps extends Omit<GiftCardCardProps, 'card'> {
  reference: string;
}

/**
 * Loads a card by its reference; someone else's or an unknown one reads as not found. A card
 * still being issued is looked at again until it is issued or failed.
 */
export function GiftCardDetails({ reference, ...rest }: GiftCardDetailsProps) {
  const { t } = useTranslation();
  const card = useGiftCard(reference);

  if (card.isPending) return <LoadingState label={t('giftCardWallet.loadingOne')} />;
  // A failed refresh of a processing card keeps showing what was loaded.
  if (!card.data) {
    const { error } = card;
    // Someone else's card answers exactly like one that does not exist; a malformed reference
    // is refused before the lookup.
    if (error instanceof ApiError && [400, 404].includes(error.status)) {
      return (
        <Card className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-ink">{t('giftCardWallet.notFound')}</h2>
          <p className="text-ink-muted">{t('giftCardWallet.notFoundBody')}</p>
        </Card>
      );
    }
    return (
      <ErrorState message={t('common.fetchRecordsError')} onRetry={() => void card.refetch()} />
    );
  }
  return <GiftCardCard card={card.data} {...rest} />;
}
