import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Why a route shows nothing: its redemption method is not built, or there are no promotions. */
export type UnavailableReason = 'method' | 'promotions';

/**
 * A route of a redemption method or promotion the product does not offer yet (its feature is not
 * built): the SPEC's unavailable message, or that there are no promotions, and the way home.
 * It never describes or promises the feature.
 */
export function UnavailableScreen({
  titleKey,
  reason,
}: {
  /** The page's title in the locale files; promotions get a neutral one that promises nothing. */
  titleKey: string;
  reason: UnavailableReason;
}) {
  const { t } = useTranslation();
  const heading = t(titleKey);
  useDocumentTitle(heading);
  return (
    <Card className="mx-auto flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{heading}</h1>
      <p role="status" className="text-ink">
        {reason === 'promotions' ? t('unavailable.noPromotions') : t('wallet.methodUnavailable')}
      </p>
      <Link to={paths.home.href()} className={buttonVariants.secondary}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
