import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * A route of a redemption method the product does not offer yet (its feature is not built): the
 * SPEC's unavailable message and the way home. It never describes or promises the feature.
 */
export function UnavailableScreen({
  titleKey,
}: {
  /** The page's title in the locale files. */
  titleKey: string;
}) {
  const { t } = useTranslation();
  const heading = t(titleKey);
  useDocumentTitle(heading);
  return (
    <Card className="mx-auto flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{heading}</h1>
      <p role="status" className="text-ink">
        {t('wallet.methodUnavailable')}
      </p>
      <Link to={paths.home.href()} className={buttonVariants.secondary}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
