import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';

export function ReturnItemCard() {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="return-item-heading" className="flex flex-col gap-3">
      <h2 id="return-item-heading" className="text-lg font-semibold text-ink">
        {t('wallet.returnItem.title')}
      </h2>
      <p className="text-ink-muted">{t('wallet.returnItem.body')}</p>
      <Link
        to={paths.refundsHistory.href()}
        className="self-start font-semibold text-primary underline-offset-4 hover:underline"
      >
        {t('wallet.returnItem.history')}
      </Link>
    </Card>
  );
}
