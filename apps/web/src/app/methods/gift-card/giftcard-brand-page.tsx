import { brandDisplayName, type Brand } from '@refund/contracts/brands';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { RemoteImage } from '../../../components/remote-image';
import { paths } from '../../../config/paths';
import { brandImageUrl } from '../../../features/brands/brand-image';
import { rewardLabel } from '../../../features/brands/reward-label';
import { GiftCardAmountForm } from '../../../features/redeem/giftcard/giftcard-amount-form';
import {
  adoptQuote,
  useCreateGiftCardQuote,
  type GiftCardMode,
} from '../../../features/redeem/giftcard/giftcard-quote';
import { redemptionFlow, useRedemptionFlow } from '../../../features/redeem/redemption-flow';
import { useRedemptionMethods } from '../../../features/wallet/api/get-redemption-methods';
import { useWalletBalance } from '../../../features/wallet/api/get-wallet-balance';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { cashbackLabel, expiryText } from '../../../lib/brand-texts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { spendableFor } from '../../../lib/welcome-bonus';
import { BackLink } from '../../routes/back-link';
import { useRouteHeading } from '../../../lib/route-focus';
import { trackEvent } from '../../../lib/analytics-events';

/** A brand as a gift card page shows it, with its earn-rewards reward (0 without one). */
export interface BrandOffer {
  brand: Brand;
  rewardBps: number;
}

interface GiftCardBrandPageProps {
  /** How the card is bought: `giftcard`, or `earn_rewards` for a brand with a reward. */
  mode: GiftCardMode;
  /** The brand; null when the address names none (not a brand id). */
  offer: UseQueryResult<BrandOffer> | null;
  /** The page's title until the brand is loaded. */
  titleKey: string;
  /** Where the brand was picked: the back link and the way out of a dead end. */
  listHref: string;
  backKey: string;
  browseKey: string;
  /** What is said when the brand is unknown (404), or has nothing to offer here. */
  notFoundKey: string;
}

const whereKey = (brand: Brand) =>
  brand.redeemable_online && brand.redeemable_in_store
    ? 'both'
    : brand.redeemable_in_store
      ? 'inStore'
      : 'online';

function BrandHeader({ brand, rewardBps }: BrandOffer) {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const image = brandImageUrl(brand.images);
  const name = brandDisplayName(brand);
  const offer = cashbackLabel(t, brand.cashback_bps);
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-start">
      {image && (
        <RemoteImage
          src={image}
          alt={t('giftCards.brand.cardArt', { brand: name })}
          width={300}
          height={189}
          className="w-full max-w-64 rounded-xl shadow-sm sm:w-48"
        />
      )}
      <div className="flex flex-col gap-2">
        <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {name}
        </h1>
        <div className="flex flex-wrap gap-2">
          {rewardBps > 0 && (
            <p className="w-fit rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-on-primary-soft">
              {rewardLabel(t, rewardBps)}
            </p>
          )}
          {offer && (
            <p className="w-fit rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success">
              {offer}
            </p>
          )}
        </div>
        <p className="text-ink-muted">{brand.description}</p>
        <p className="text-sm text-ink-muted">
          {t(`giftCards.brand.where.${whereKey(brand)}`)} · {expiryText(t, brand.expiry)}
        </p>
      </div>
    </Card>
  );
}

function Terms({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  return (
    <Card>
      <details>
        <summary className="cursor-pointer font-semibold text-ink">
          {t('giftCards.brand.terms')}
        </summary>
        <p className="mt-3 text-sm text-ink-muted">{brand.terms}</p>
        {brand.balance_check_url && (
          <a
            href={brand.balance_check_url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block text-sm font-semibold text-primary underline underline-offset-4"
          >
            {t('giftCards.brand.balanceCheck')}
          </a>
        )}
      </details>
    </Card>
  );
}

/**
 * A brand's gift card page: the brand, its terms, the amount within its limits or its fixed
 * values, and what the card is worth before confirming. Continue fixes the price in a quote, so
 * the cashback and reward shown are those paid. The gift card and earn-rewards pages are this
 * page, told their mode.
 */
export function GiftCardBrandPage({
  mode,
  offer,
  titleKey,
  listHref,
  backKey,
  browseKey,
  notFoundKey,
}: GiftCardBrandPageProps) {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useRedemptionMethods();
  const balance = useWalletBalance();
  const flow = useRedemptionFlow();
  const quote = useCreateGiftCardQuote();
  const [serverError, setServerError] = useState<string | null>(null);
  useDocumentTitle(offer?.data ? brandDisplayName(offer.data.brand) : t(titleKey));

  const notFound = !offer || (offer.error instanceof ApiError && offer.error.status === 404);
  const method = methods.data?.find((m) => m.mode === mode);
  const browse = (
    <Link to={listHref} className={buttonVariants.secondary}>
      {t(browseKey)}
    </Link>
  );

  const body = () => {
    if (notFound) {
      return (
        <Card className="flex flex-col items-start gap-4">
          <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink">
            {t(notFoundKey)}
          </h1>
          {browse}
        </Card>
      );
    }
    if (offer.isPending || methods.isPending || balance.isPending) return <LoadingState />;
    if (offer.isError || methods.isError || balance.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() => void Promise.all([offer.refetch(), methods.refetch(), balance.refetch()])}
        />
      );
    }
    const { brand, rewardBps } = offer.data;
    const orderable = brand.is_enabled && brand.state === 'live' && method?.is_available;
    const lock = (cents: number) => {
      setServerError(null);
      trackEvent('redemption_amount_entered', { method: mode, amount_in_cents: cents });
      quote.mutate(
        { brand_id: brand.id, amount_in_cents: cents },
        {
          onSuccess: (locked) => {
            // The offer ended since the page was loaded: the purchase would be refused.
            if (mode === 'earn_rewards' && locked.reward_in_cents <= 0) {
              setServerError(t(notFoundKey));
              void offer.refetch();
              return;
            }
            adoptQuote(
              redemptionFlow.update,
              locked,
              { id: brand.id, name: brandDisplayName(brand), image: brandImageUrl(brand.images) },
              mode,
            );
            void navigate(paths.redeemDetails.href());
          },
          onError: (error) => {
            setServerError(errorMessage(error));
            // The brand may have changed: show what it is now.
            void offer.refetch();
          },
        },
      );
    };
    return (
      <>
        <BrandHeader brand={brand} rewardBps={rewardBps} />
        {orderable ? (
          <Card aria-labelledby="giftcard-amount" className="flex flex-col gap-4">
            <h2 id="giftcard-amount" className="text-lg font-semibold text-ink">
              {t('redeem.amount.title')}
            </h2>
            <GiftCardAmountForm
              mode={mode}
              brand={brand}
              spendable={spendableFor(balance.data, method)}
              methods={methods.data}
              initialCents={
                flow.mode === mode && flow.selectedGiftcardBrand === brand.id ? flow.amount : 0
              }
              pending={quote.isPending}
              serverError={serverError}
              onContinue={lock}
            />
          </Card>
        ) : (
          <Card className="flex flex-col items-start gap-4">
            <p role="alert" className="text-ink">
              {method?.is_available
                ? t('giftCards.brand.unavailable')
                : t('wallet.methodUnavailable')}
            </p>
            {browse}
          </Card>
        )}
        <Terms brand={brand} />
      </>
    );
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={listHref}>{t(backKey)}</BackLink>
      {body()}
    </div>
  );
}
