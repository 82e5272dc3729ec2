import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState, LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { useSpotlight } from '../../features/spotlight/api/get-spotlight';
import { SpotlightCard } from '../../features/spotlight/components/spotlight-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRouteHeading } from '../../lib/route-focus';

/** SPEC §2 /spotlight: the promotion live now; the close button returns home. */
export function SpotlightScreen() {
  const heading = useRouteHeading();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('titles.spotlight');
  useDocumentTitle(title);
  const spotlight = useSpotlight();

  const body = () => {
    if (spotlight.isPending) return <LoadingState />;
    if (spotlight.isError) {
      return (
        <ErrorState message={t('spotlight.loadError')} onRetry={() => void spotlight.refetch()} />
      );
    }
    if (!spotlight.data) {
      return (
        <Card className="flex flex-col items-start gap-4">
          <p role="status" className="text-ink">
            {t('spotlight.noPromotions')}
          </p>
          <Link to={paths.home.href()} className={buttonVariants.secondary}>
            {t('common.goHome')}
          </Link>
        </Card>
      );
    }
    return <SpotlightCard spotlight={spotlight.data} />;
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div className="flex items-start justify-between gap-4">
        <h1 {...heading} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {title}
        </h1>
        <button
          type="button"
          aria-label={t('spotlight.close')}
          onClick={() => void navigate(paths.home.href())}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full border border-field-line bg-surface text-ink hover:bg-surface-muted"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none">
            <path
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      {body()}
    </div>
  );
}
