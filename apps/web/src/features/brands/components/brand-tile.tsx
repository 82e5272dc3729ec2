import { brandDisplayName, type Brand } from '@refund/contracts/brands';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RemoteImage } from '../../../components/remote-image';
import { cashbackLabel } from '../../../lib/brand-texts';
import { brandImageUrl } from '../brand-image';

interface BrandTileProps {
  brand: Brand;
  href: string;
  /** The brand's earn-rewards reward in words ("Earn 15% back"), shown before its cashback. */
  reward?: string | undefined;
}

/** A brand as the catalog shows it: its card art, its name and its offer; opens its page. */
export function BrandTile({ brand, href, reward }: BrandTileProps) {
  const { t } = useTranslation();
  const image = brandImageUrl(brand.images);
  const name = brandDisplayName(brand);
  const offer = cashbackLabel(t, brand.cashback_bps);
  return (
    <Link
      to={href}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm hover:border-primary"
    >
      <span className="block aspect-[320/202] w-full bg-surface-muted">
        {image && (
          <RemoteImage
            src={image}
            alt=""
            width={300}
            height={189}
            loading="lazy"
            className="size-full object-cover"
          />
        )}
      </span>
      <span className="flex flex-1 flex-col gap-1 px-3 py-3">
        <span className="font-semibold text-ink group-hover:text-primary">{name}</span>
        {reward && (
          <span className="w-fit rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-on-primary-soft">
            {reward}
          </span>
        )}
        {offer && (
          <span className="w-fit rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success">
            {offer}
          </span>
        )}
      </span>
    </Link>
  );
}
