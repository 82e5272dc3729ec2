import type { BrandImageDimensions } from '@refund/contracts/brands';
import type { BrandArtwork } from '../../providers/ports';

/**
 * A brand's card art, drawn from its artwork description as SVG: the card's colour, a pattern,
 * the monogram and the name. Brand images are the product's own drawings, never hot-linked.
 */

const WIDTH: Record<BrandImageDimensions, number> = {
  '130w-326ppi': 130,
  '300w-326ppi': 300,
  '600w-326ppi': 600,
};

/** Card proportions (ISO/IEC 7810 ID-1). */
const RATIO = 53.98 / 85.6;

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function motif(kind: BrandArtwork['motif'], accent: string): string {
  switch (kind) {
    case 'stripes':
      return [0, 1, 2, 3, 4, 5]
        .map(
          (i) =>
            `<rect x="${i * 60 - 40}" y="-20" width="18" height="260" fill="${accent}" opacity="0.18" transform="rotate(20)"/>`,
        )
        .join('');
    case 'rings':
      return [40, 70, 100, 130]
        .map(
          (r) =>
            `<circle cx="320" cy="40" r="${r}" fill="none" stroke="${accent}" stroke-width="8" opacity="0.2"/>`,
        )
        .join('');
    case 'waves':
      return [120, 150, 180]
        .map(
          (y) =>
            `<path d="M0 ${y} Q 80 ${y - 40} 160 ${y} T 320 ${y} T 480 ${y}" fill="none" stroke="${accent}" stroke-width="10" opacity="0.22"/>`,
        )
        .join('');
    case 'grid':
      return [0, 1, 2, 3, 4, 5, 6]
        .map(
          (i) =>
            `<line x1="${i * 50}" y1="0" x2="${i * 50}" y2="200" stroke="${accent}" stroke-width="3" opacity="0.15"/><line x1="0" y1="${i * 50}" x2="320" y2="${i * 50}" stroke="${accent}" stroke-width="3" opacity="0.15"/>`,
        )
        .join('');
    case 'sun':
      return `<circle cx="300" cy="200" r="120" fill="${accent}" opacity="0.2"/><circle cx="300" cy="200" r="70" fill="${accent}" opacity="0.25"/>`;
  }
}

/** The brand's card art at the given size, as an SVG document. */
export function brandArtSvg(
  name: string,
  art: BrandArtwork,
  dimensions: BrandImageDimensions,
): string {
  const width = WIDTH[dimensions];
  const height = Math.round(width * RATIO);
  const label = escapeXml(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 320 202" role="img" aria-label="${label} gift card">
<defs><clipPath id="card"><rect width="320" height="202" rx="14"/></clipPath></defs>
<g clip-path="url(#card)">
<rect width="320" height="202" fill="${art.background}"/>
${motif(art.motif, art.accent)}
<text x="24" y="112" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="700" fill="${art.accent}">${escapeXml(art.monogram)}</text>
<text x="24" y="176" font-family="'Helvetica Neue', Arial, sans-serif" font-size="17" font-weight="600" fill="${art.accent}">${label}</text>
</g>
</svg>`;
}
