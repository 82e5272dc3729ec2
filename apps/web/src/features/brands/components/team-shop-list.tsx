import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useTeamShops } from '../api/get-brands';
import { BrandTile } from './brand-tile';

/**
 * The sports merchant's team shops as brand tiles (card art, name, cashback), each leading to
 * its gift card; when none is offered it says so and leads to the whole catalog.
 */
export function TeamShopList() {
  const { t } = useTranslation();
  const teamShops = useTeamShops();

  if (teamShops.isPending) return <LoadingState label={t('giftCards.sports.loading')} />;
  if (teamShops.isError) {
    return (
      <ErrorState
        message={t('common.fetchRecordsError')}
        onRetry={() => void teamShops.refetch()}
      />
    );
  }
  const brands = teamShops.data.pages.flatMap((page) => page.featured_brands.data);
  if (brands.length === 0) {
    return (
      <Card className="flex flex-col items-start gap-4">
        <p role="status" className="text-ink">
          {t('giftCards.sports.notOffered')}
        </p>
        <Link to={paths.redeemGiftCard.href()} className={buttonVariants.secondary}>
          {t('giftCards.sports.browseAll')}
        </Link>
      </Card>
    );
  }
  return (
    <>
      <ul
        aria-label={t('giftCards.sports.listLabel')}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3"
      >
        {brands.map((brand) => (
          <li key={brand.id}>
            <BrandTile brand={brand} href={paths.redeemGiftCardBrand.href(brand.id)} />
          </li>
        ))}
      </ul>
      {teamShops.hasNextPage && (
        <Button
          variant="secondary"
          className="self-start"
          loading={teamShops.isFetchingNextPage}
          onClick={() => void teamShops.fetchNextPage()}
        >
          {t('giftCards.sports.loadMore')}
        </Button>
      )}
    </>
  );
}
