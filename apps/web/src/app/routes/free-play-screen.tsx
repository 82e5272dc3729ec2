import type { FreePlayOffer } from '@refund/contracts/free-play';
import { formatLongDate, formatMoneyShort } from '@refund/contracts/format';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/form-alert';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { deviceId } from '../../lib/device-id';
import { useClaimFreePlay } from '../../features/promotions/api/claim-free-play';
import { useFreePlay } from '../../features/promotions/api/get-free-play';
import { FreePlayAdded } from '../../features/promotions/components/free-play-added';
import { FreePlayBlocked } from '../../features/promotions/components/free-play-blocked';
import { FreePlayOfferCard } from '../../features/promotions/components/free-play-offer-card';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';
import { PageHeading } from './page-heading';

/** A refusal answers the same way again; a network or server failure may not have been seen. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

interface ClaimFreePlayProps {
  offer: FreePlayOffer;
  pending: boolean;
  /** Why the last attempt did not go through; null when there was none or it is under way. */
  error: unknown;
  onClaim: () => void;
}

/** The claim button, and what became of the last attempt when it did not go through. */
function ClaimFreePlay({ offer, pending, error, onClaim }: ClaimFreePlayProps) {
  const { t } = useTranslation();
  return (
    <FreePlayOfferCard offer={offer}>
      <p data-testid="free-play-claim-by" className="font-semibold text-ink">
        {t('freePlay.claimBy', { date: formatLongDate(offer.last_day) })}
      </p>
      <FormAlert message={error ? errorMessage(error) : null} />
      <Button loading={pending} onClick={onClaim} className="self-start">
        {t('freePlay.claim', { amount: formatMoneyShort(offer.amount_in_cents) })}
      </Button>
    </FreePlayOfferCard>
  );
}

/**
 * The free-bet promotion page (SPEC §1 "a $10 free play claim", §2): the sponsor's free play,
 * as the API offers it to this customer, claimed into the wallet's available balance.
 */
export function FreePlayScreen() {
  const { t } = useTranslation();
  const title = t('titles.freePlay');
  useDocumentTitle(title);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const freePlay = useFreePlay();
  const claim = useClaimFreePlay();
  // One key per attempt, kept until the server has answered it: trying again after a lost
  // answer sends the same key, so the claim cannot be made twice.
  const attemptKey = useRef<string | null>(null);

  const onClaim = () => {
    attemptKey.current ??= crypto.randomUUID();
    claim.mutate(
      { idempotencyKey: attemptKey.current, deviceId: deviceId() },
      {
        onError: (error) => {
          if (isRefusal(error)) attemptKey.current = null;
        },
      },
    );
  };

  const body = () => {
    // Before the offer: once claimed, the offer (read again) says so, but the outcome comes first.
    if (claim.isSuccess) return <FreePlayAdded claim={claim.data} />;
    if (freePlay.isPending) return <LoadingState label={t('freePlay.loading')} />;
    if (freePlay.isError) {
      return (
        <ErrorState message={t('freePlay.loadError')} onRetry={() => void freePlay.refetch()} />
      );
    }
    const offer = freePlay.data;
    if (!offer) {
      return (
        <Card className="flex flex-col items-start gap-4">
          <p role="status" className="text-ink">
            {t('freePlay.none')}
          </p>
          <Link to={paths.home.href()} className={buttonVariants.secondary}>
            {t('common.goHome')}
          </Link>
        </Card>
      );
    }
    if (offer.blocked_by) {
      return (
        <FreePlayOfferCard offer={offer}>
          {/* A refused claim changed the offer: the refusal stays said beside the new state. */}
          <FormAlert message={claim.error ? errorMessage(claim.error) : null} />
          <FreePlayBlocked offer={offer} blockedBy={offer.blocked_by} />
        </FreePlayOfferCard>
      );
    }
    return (
      <ClaimFreePlay
        offer={offer}
        pending={claim.isPending}
        error={claim.error}
        onClaim={onClaim}
      />
    );
  };

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <PageHeading headingRef={headingRef} intro={t('freePlay.intro')}>
        {title}
      </PageHeading>
      {body()}
    </div>
  );
}
