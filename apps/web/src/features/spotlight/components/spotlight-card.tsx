import type { SpotlightItem } from '@refund/contracts/spotlight';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '../../../components/button';
import { cardSurfaceClass } from '../../../components/card';
import { RemoteImage } from '../../../components/remote-image';
import { fileUrl } from '../../../lib/file-url';

/**
 * A merchant's promotion: its image, its logo and, when it has both an address and a text, the
 * button that opens the address in a new tab (SPEC §2 Spotlight).
 */
export function SpotlightCard({ spotlight }: { spotlight: SpotlightItem }) {
  const { t } = useTranslation();
  const { promotion_button_url: url, promotion_button_text: text } = spotlight;
  const imageAlt = text ? t('spotlight.imageAltWithText', { text }) : t('spotlight.imageAlt');
  return (
    <article className={`${cardSurfaceClass} overflow-hidden`}>
      <RemoteImage
        src={fileUrl(spotlight.promotion_image.file_key)}
        alt={imageAlt}
        width={1200}
        height={600}
        className="block aspect-[2/1] w-full bg-surface-muted object-cover"
      />
      <div className="flex flex-wrap items-center gap-4 p-5 sm:p-6">
        {spotlight.promotion_logo && (
          <RemoteImage
            src={fileUrl(spotlight.promotion_logo.file_key)}
            alt={t('spotlight.logoAlt')}
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-2xl border border-line bg-surface object-contain"
          />
        )}
        {url && text && (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonVariants.primary} grow sm:grow-0`}
          >
            {text}
            <span className="sr-only"> {t('spotlight.opensInNewTab')}</span>
          </a>
        )}
      </div>
    </article>
  );
}
