import { brandCategoryNames, type BrandCategory } from '@refund/contracts/brands';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../config/paths';
import { categoryName } from '../../../lib/brand-texts';
import { useCatalog } from '../api/get-brands';
import { BrandTile } from './brand-tile';

type CategoryChoice = BrandCategory | 'all';

/** Waits for typing to pause before searching, so each keystroke is not a request. */
function useSettled(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The gift card catalog: search by name, narrow by category, brand tiles with their offers. */
export function BrandCatalog() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryChoice>('all');
  const q = useSettled(search.trim());
  const catalog = useCatalog({ category: category === 'all' ? undefined : category, q });
  const name = useId();
  const brands = catalog.data?.pages.flatMap((page) => page.featured_brands.data) ?? [];

  const results = () => {
    if (catalog.isPending) return <LoadingState label={t('giftCards.catalog.loading')} />;
    if (catalog.isError) {
      return (
        <ErrorState
          message={t('common.fetchRecordsError')}
          onRetry={() => void catalog.refetch()}
        />
      );
    }
    if (brands.length === 0) {
      return (
        <p role="status" className="py-6 text-ink-muted">
          {q ? t('giftCards.catalog.noMatch', { q }) : t('giftCards.catalog.empty')}
        </p>
      );
    }
    return (
      <>
        <p role="status" className="sr-only">
          {t('giftCards.catalog.shown', { count: brands.length })}
        </p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {brands.map((brand) => (
            <li key={brand.id}>
              <BrandTile brand={brand} href={paths.redeemGiftCardBrand.href(brand.id)} />
            </li>
          ))}
        </ul>
        {catalog.hasNextPage && (
          <Button
            variant="secondary"
            loading={catalog.isFetchingNextPage}
            onClick={() => void catalog.fetchNextPage()}
          >
            {t('giftCards.catalog.loadMore')}
          </Button>
        )}
      </>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-4"
      >
        <TextField
          label={t('giftCards.catalog.search')}
          type="search"
          autoComplete="off"
          placeholder={t('giftCards.catalog.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">
            {t('giftCards.catalog.categories')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {(['all', ...brandCategoryNames] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-10 cursor-pointer items-center rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink has-checked:border-primary has-checked:bg-primary has-checked:text-on-primary has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--focus)"
              >
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={category === value}
                  onChange={() => setCategory(value)}
                  className="sr-only"
                />
                {value === 'all' ? t('giftCards.catalog.all') : categoryName(t, value)}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
      {results()}
    </div>
  );
}
