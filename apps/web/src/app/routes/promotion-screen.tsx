import { FEATURED_PAGE_SIZE } from '@refund/contracts/brands';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useBrands } from '../../features/brands/api/get-brands';
import { BrandTile } from '../../features/brands/components/brand-tile';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from './page-heading';

/**
 * SPEC §2 Promotion page: up to four featured brands, each leading to its gift card; a
 * no-promotions text when none are featured, and a 'many more' link when there are more pages.
 */
export function PromotionScreen() {
  const { t } = useTranslation();
  const title = t('titles.promotion');
  useDocumentTitle(title);
  const featured = useBrands({ limit: FEATURED_PAGE_SIZE, page: 1, category: 'featured' });

  const body = () => {
    if (featured.isPending) return <LoadingState />;
    if (featured.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() => void featured.refetch()}
        />
      );
    }
    const { data: brands, total_page: totalPages } = featured.data.featured_brands;
    if (brands.length === 0) {
      return (
        <Card className="flex flex-col items-start gap-4">
          <p role="status" className="text-ink">
            {t('promotion.noPromotions')}
          </p>
          <Link to={paths.home.href()} className={buttonVariants.secondary}>
            {t('common.goHome')}
          </Link>
        </Card>
      );
    }
    return (
      <>
        <ul aria-label={t('promotion.featured')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {brands.slice(0, FEATURED_PAGE_SIZE).map((brand) => (
            <li key={brand.id}>
              <BrandTile brand={brand} href={paths.redeemGiftCardBrand.href(brand.id)} />
            </li>
          ))}
        </ul>
        {totalPages > 1 && (
          <Link
            to={paths.redeemGiftCard.href()}
            className="self-start font-semibold text-primary underline underline-offset-4"
          >
            {t('promotion.manyMore')}
          </Link>
        )}
      </>
    );
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeading intro={t('promotion.intro')}>{title}</PageHeading>
      {body()}
    </div>
  );
}
