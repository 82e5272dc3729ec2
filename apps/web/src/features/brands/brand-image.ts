import { BRAND_IMAGE_DIMENSIONS, type Brand } from '@refund/contracts/brands';
import { apiAssetUrl } from '../../lib/api-asset-url';

/**
 * The brand's card art at the size the web app shows (SPEC §3: 300w-326ppi). The API answers
 * image addresses relative to its own origin.
 */
export function brandImageUrl(images: Brand['images']): string | null {
  const image =
    images.find((candidate) => candidate.dimensions === BRAND_IMAGE_DIMENSIONS) ?? images[0];
  if (!image) return null;
  return apiAssetUrl(image.url);
}
