import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export type PlaceholderTitle =
  | 'promotion'
  | 'spotlight'
  | 'giftCardHistory'
  | 'giftCardDetails'
  | 'giftCardInstructions'
  | 'visaPrepaidCardHistory'
  | 'redeemPrepaid'
  | 'redeemGiftCard'
  | 'redeemGiftCardBrand'
  | 'redeemFanCash'
  | 'earnRewards'
  | 'earnRewardsBrand';

/** A route that exists but whose screen is not built yet: says so plainly, shows no data. */
export function PlaceholderScreen({ title }: { title: PlaceholderTitle }) {
  const { t } = useTranslation();
  const heading = t(`titles.${title}`);
  useDocumentTitle(heading);
  return (
    <Card className="mx-auto flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{heading}</h1>
      <p className="text-ink-muted">{t('common.notAvailableYet')}</p>
      <Link to={paths.home.href()} className={buttonVariants.secondary}>
        {t('common.goHome')}
      </Link>
    </Card>
  );
}
