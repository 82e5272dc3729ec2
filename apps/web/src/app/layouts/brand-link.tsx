import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { paths } from '../../config/paths';
import { useAppConfig } from '../../lib/get-app-config';

export function BrandLink() {
  const { t } = useTranslation();
  const brand = useAppConfig().data?.brand_name;
  return (
    <Link
      to={paths.home.href()}
      className="flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-ink"
    >
      <BrandMark />
      {/* The link needs a name even before the brand is known. */}
      {brand ? <span>{brand}</span> : <span className="sr-only">{t('nav.home')}</span>}
    </Link>
  );
}
