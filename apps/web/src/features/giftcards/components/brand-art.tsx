import { RemoteImage } from '../../../components/remote-image';
import { apiAssetUrl } from '../../../lib/api-asset-url';

/**
 * A card's art. Decorative: the brand's name is always written beside it.
 */
export function BrandArt({ imageUrl, className = '' }: { imageUrl: string; className?: string }) {
  return (
    <RemoteImage
      src={apiAssetUrl(imageUrl)}
      alt=""
      loading="lazy"
      className={`aspect-[1.6] shrink-0 rounded-lg border border-line object-cover ${className}`}
    />
  );
}
