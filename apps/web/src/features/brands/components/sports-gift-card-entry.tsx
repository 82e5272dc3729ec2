import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RemoteImage } from '../../../components/remote-image';
import { paths } from '../../../config/paths';
import { useTeamShops } from '../api/get-brands';
import { brandImageUrl } from '../brand-image';

/** How many team shops' card art the way in shows. */
const PREVIEWS = 3;

/**
 * The gift card screen's way to the Sports Gift Card screen: shown only once the API lists at
 * least one team shop offered, so it never leads to an empty screen; nothing while it is asked.
 */
export function SportsGiftCardEntry() {
  const { t } = useTranslation();
  const teamShops = useTeamShops();
  const first = teamShops.data?.pages[0]?.featured_brands.data ?? [];
  if (first.length === 0) return null;
  const previews = first
    .slice(0, PREVIEWS)
    .map((brand) => ({ id: brand.id, src: brandImageUrl(brand.images) }));
  return (
    <Link
      to={paths.redeemSportsGiftCard.href()}
      className="group flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm hover:border-primary sm:p-5"
    >
      <span aria-hidden="true" className="flex shrink-0 -space-x-6">
        {previews.map(
          ({ id, src }) =>
            src && (
              <RemoteImage
                key={id}
                src={src}
                alt=""
                width={64}
                height={40}
                className="h-10 w-16 rounded-md border border-surface object-cover shadow-sm"
              />
            ),
        )}
      </span>
      <span className="flex flex-1 flex-col">
        <span className="font-semibold text-ink group-hover:text-primary">
          {t('giftCards.sports.title')}
        </span>
        <span className="text-sm text-ink-muted">{t('giftCards.sports.entry')}</span>
      </span>
      <span aria-hidden="true" className="text-xl text-ink-muted">
        ›
      </span>
    </Link>
  );
}
