import { brandDisplayName, brandParamsSchema, type Brand } from '@refund/contracts/brands';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { RemoteImage } from '../../components/remote-image';
import { paths } from '../../config/paths';
import { useBrand } from '../../features/brands/api/get-brands';
import { brandImageUrl } from '../../features/brands/brand-image';
import { GiftCardAmountForm } from '../../features/redeem/giftcard/giftcard-amount-form';
import { adoptQuote, useCreateGiftCardQuote } from '../../features/redeem/giftcard/giftcard-quote';
import { redemptionFlow, useRedemptionFlow } from '../../features/redeem/redemption-flow';
import { useRedemptionMethods } from '../../features/wallet/api/get-redemption-methods';
import { useWalletBalance } from '../../features/wallet/api/get-wallet-balance';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { spendableFor } from '../../lib/welcome-bonus';
import { BackLink } from './back-link';

const whereKey = (brand: Brand) =>
  brand.redeemable_online && brand.redeemable_in_store
    ? 'both'
    : brand.redeemable_in_store
      ? 'inStore'
      : 'online';

function BrandHeader({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const image = brandImageUrl(brand.images);
  const name = brandDisplayName(brand);
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
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{name}</h1>
        {brand.offer_label && (
          <p className="w-fit rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success">
            {brand.offer_label}
          </p>
        )}
        <p className="text-ink-muted">{brand.description}</p>
        <p className="text-sm text-ink-muted">
          {t(`giftCards.brand.where.${whereKey(brand)}`)} · {brand.expiry_policy}
        </p>
      </div>
    </Card>
  );
}

/**
 * A brand's page (/redeem/giftcard/{brandID}): the brand, its terms, the amount within its
 * limits or its fixed values, and what the card is worth before confirming. Continue fixes the
 * price in a quote, so the cashback shown is the cashback paid.
 */
export function RedeemGiftCardBrandScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const parsed = brandParamsSchema.safeParse({ brand_id: params.brandID });
  const brandId = parsed.success ? parsed.data.brand_id : '';
  const brand = useBrand(brandId);
  const methods = useRedemptionMethods();
  const balance = useWalletBalance();
  const flow = useRedemptionFlow();
  const quote = useCreateGiftCardQuote();
  const [serverError, setServerError] = useState<string | null>(null);
  useDocumentTitle(brand.data ? brandDisplayName(brand.data) : t('titles.redeemGiftCardBrand'));

  const notFound =
    !parsed.success || (brand.error instanceof ApiError && brand.error.status === 404);
  const method = methods.data?.find((m) => m.mode === 'giftcard');

  const body = () => {
    if (notFound) {
      return (
        <Card className="flex flex-col items-start gap-4">
          <h1 className="text-2xl font-bold tracking-tight text-ink">
            {t('giftCards.brand.notFound')}
          </h1>
          <Link to={paths.redeemGiftCard.href()} className={buttonVariants.secondary}>
            {t('giftCards.brand.browse')}
          </Link>
        </Card>
      );
    }
    if (brand.isPending || methods.isPending || balance.isPending) return <LoadingState />;
    if (brand.isError || methods.isError || balance.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() => void Promise.all([brand.refetch(), methods.refetch(), balance.refetch()])}
        />
      );
    }
    const current = brand.data;
    const orderable = current.is_enabled && current.state === 'live' && method?.is_available;
    return (
      <>
        <BrandHeader brand={current} />
        {orderable ? (
          <Card aria-labelledby="giftcard-amount" className="flex flex-col gap-4">
            <h2 id="giftcard-amount" className="text-lg font-semibold text-ink">
              {t('redeem.amount.title')}
            </h2>
            <GiftCardAmountForm
              brand={current}
              spendable={spendableFor(balance.data, 'giftcard')}
              methods={methods.data}
              initialCents={
                flow.mode === 'giftcard' && flow.selectedGiftcardBrand === current.id
                  ? flow.amount
                  : 0
              }
              pending={quote.isPending}
              serverError={serverError}
              onContinue={(cents) => {
                setServerError(null);
                quote.mutate(
                  { brand_id: current.id, amount_in_cents: cents },
                  {
                    onSuccess: (locked) => {
                      adoptQuote(redemptionFlow.update, locked, {
                        id: current.id,
                        name: brandDisplayName(current),
                        image: brandImageUrl(current.images),
                      });
                      void navigate(paths.redeemDetails.href());
                    },
                    onError: (error) => {
                      setServerError(errorMessage(error));
                      // The brand may have changed: show what it is now.
                      void brand.refetch();
                    },
                  },
                );
              }}
            />
          </Card>
        ) : (
          <Card className="flex flex-col items-start gap-4">
            <p role="alert" className="text-ink">
              {method?.is_available
                ? t('giftCards.brand.unavailable')
                : t('wallet.methodUnavailable')}
            </p>
            <Link to={paths.redeemGiftCard.href()} className={buttonVariants.secondary}>
              {t('giftCards.brand.browse')}
            </Link>
          </Card>
        )}
        <Card>
          <details>
            <summary className="cursor-pointer font-semibold text-ink">
              {t('giftCards.brand.terms')}
            </summary>
            <p className="mt-3 text-sm text-ink-muted">{current.terms}</p>
            {current.balance_check_url && (
              <a
                href={current.balance_check_url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-block text-sm font-semibold text-primary underline underline-offset-4"
              >
                {t('giftCards.brand.balanceCheck')}
              </a>
            )}
          </details>
        </Card>
      </>
    );
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <BackLink to={paths.redeemGiftCard.href()}>{t('giftCards.brand.back')}</BackLink>
      {body()}
    </div>
  );
}
