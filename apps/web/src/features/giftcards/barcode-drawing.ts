import {
  code128,
  code39,
  datamatrix,
  drawingSVG,
  ean13,
  interleaved2of5,
  pdf417,
  qrcode,
  type RenderOptions,
} from '@bwip-js/browser';
import type { GiftCardBarcodeFormat } from '@refund/contracts/giftcards';

/**
 * A card's barcode drawn by bwip-js (Barcode Writer in Pure PostScript), as shapes React renders
 * itself: no markup is inserted and no style attribute written, so the page's Content-Security-
 * Policy (`style-src 'self'`, no eval) holds. This module is loaded only when a card with a
 * barcode is opened (gift-card-barcode.tsx), so the encoders stay out of every other page.
 */

/** One shape of the drawing: bars as strokes (linear codes) or modules as filled areas. */
export interface BarcodeShape {
  d: string;
  stroke: string | null;
  strokeWidth: string | null;
  fill: string | null;
  fillRule: 'evenodd' | 'nonzero' | null;
}

export interface BarcodeDrawing {
  /** The drawing's size in its own units, quiet zone included. */
  width: number;
  height: number;
  shapes: BarcodeShape[];
}

type Encoder = (options: RenderOptions, drawing: ReturnType<typeof drawingSVG>) => string;

/** Each symbology's encoder, and the quiet zone a scanner needs around it (in its units). */
const symbologies = {
  code128: { encode: code128, bcid: 'code128', quiet: 10, linear: true },
  code39: { encode: code39, bcid: 'code39', quiet: 10, linear: true },
  ean13: { encode: ean13, bcid: 'ean13', quiet: 11, linear: true },
  itf: { encode: interleaved2of5, bcid: 'interleaved2of5', quiet: 10, linear: true },
  qr: { encode: qrcode, bcid: 'qrcode', quiet: 8, linear: false },
  pdf417: { encode: pdf417, bcid: 'pdf417', quiet: 4, linear: false },
  data_matrix: { encode: datamatrix, bcid: 'datamatrix', quiet: 4, linear: false },
} satisfies Record<
  GiftCardBarcodeFormat,
  { encode: Encoder; bcid: string; quiet: number; linear: boolean }
>;

const fillRuleOf = (value: string | null): BarcodeShape['fillRule'] =>
  value === 'evenodd' || value === 'nonzero' ? value : null;

/**
 * The barcode of `value` in `format`. Throws when the value cannot be encoded in it (an EAN-13 of
 * letters): the caller then draws nothing rather than another symbology.
 */
export function drawBarcode(format: GiftCardBarcodeFormat, value: string): BarcodeDrawing {
  const symbology = symbologies[format];
  const svg = symbology.encode(
    {
      bcid: symbology.bcid,
      text: value,
      scale: 2,
      // Millimetres, for the linear codes: bars tall enough to aim a scanner at.
      ...(symbology.linear ? { height: 15 } : {}),
      paddingwidth: symbology.quiet,
      paddingheight: symbology.linear ? 0 : symbology.quiet,
      includetext: false,
    },
    drawingSVG(),
  );
  const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const [, , width = 0, height = 0] = (parsed.documentElement.getAttribute('viewBox') ?? '')
    .split(/\s+/)
    .map(Number);
  const shapes = Array.from(parsed.querySelectorAll('path'), (path) => ({
    d: path.getAttribute('d') ?? '',
    stroke: path.getAttribute('stroke'),
    strokeWidth: path.getAttribute('stroke-width'),
    fill: path.getAttribute('fill'),
    fillRule: fillRuleOf(path.getAttribute('fill-rule')),
  })).filter((shape) => shape.d !== '');
  if (!width || !height || shapes.length === 0) throw new Error('bwip-js drew no barcode');
  return { width, height, shapes };
}
