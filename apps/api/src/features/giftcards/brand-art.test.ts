import { describe, expect, it } from 'vitest';
import { brandArtSvg } from './brand-art';

const art = { background: '#112233', accent: '#ffeedd', monogram: 'HC', motif: 'rings' } as const;

describe('brand card art', () => {
  it('is drawn at the asked width, in card proportions, named for screen readers', () => {
    const svg = brandArtSvg('Harbor Coffee Co.', art, '300w-326ppi');
    expect(svg).toContain('width="300" height="189"');
    expect(svg).toContain('aria-label="Harbor Coffee Co. gift card"');
    expect(svg).toContain('>HC</text>');
    expect(brandArtSvg('X', art, '130w-326ppi')).toContain('width="130" height="82"');
  });

  it('escapes the name, so no brand can put markup in it', () => {
    const svg = brandArtSvg('Tom & Jerry\'s <b>"Shop"</b>', art, '600w-326ppi');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('Tom &#38; Jerry&#39;s &#60;b&#62;&#34;Shop&#34;&#60;/b&#62;');
  });

  it.each(['stripes', 'rings', 'waves', 'grid', 'sun'] as const)('draws the %s motif', (motif) => {
    expect(brandArtSvg('X', { ...art, motif }, '300w-326ppi')).toContain('#ffeedd');
  });
});
