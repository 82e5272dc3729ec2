import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ErrorState } from './query-state';

/** What a keyset list's infinite query tells about its next page. */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a keyset list: "Load more" while there is a next page, and the SPEC's fetch error
 * with Retry when loading it failed (the rows already shown stay).
 */
export function NextPage({ query, label }: { query: NextPageQuery; label: string }) {
  const { t } = useTranslation();
  if (query.isFetchNextPageError) {
    return (
      <ErrorState
        message={t('common.fetchRecordsError')}
        onRetry={() => void query.fetchNextPage()}
      />
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
      className="self-center"
    >
      {label}
    </Button>
  );
}
