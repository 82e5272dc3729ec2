import type { GiftCardBarcodeFormat } from '@refund/contracts/giftcards';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarcodeDrawing } from '../barcode-drawing';

type Layout = 'linear' | 'stacked' | 'matrix';

const layoutOf = (format: GiftCardBarcodeFormat): Layout =>
  format === 'qr' || format === 'data_matrix'
    ? 'matrix'
    : format === 'pdf417'
      ? 'stacked'
      : 'linear';

/** How big each kind is drawn: wide enough to scan from a phone held at a till. */
const sizes: Record<Layout, string> = {
  linear: 'h-28 w-80 max-w-full',
  stacked: 'h-auto w-80 max-w-full',
  matrix: 'h-auto w-52 max-w-full',
};
/** The space kept while the encoder loads, so nothing below it moves. */
const placeholders: Record<Layout, string> = {
  linear: 'h-32 w-84 max-w-full',
  stacked: 'aspect-[4/1] w-84 max-w-full',
  matrix: 'aspect-square w-56 max-w-full',
};

type Drawn = { value: string; format: GiftCardBarcodeFormat; drawing: BarcodeDrawing | null };

/**
 * The card's barcode as the issuer gives it, to be scanned at a till: drawn once its encoder has
 * loaded (a chunk of its own), black on white in either theme. A value the symbology cannot
 * carry is not drawn at all; the number is still shown beside it.
 */
export function GiftCardBarcode({
  value,
  format,
}: {
  value: string;
  format: GiftCardBarcodeFormat;
}) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    let current = true;
    void import('../barcode-drawing').then(
      ({ drawBarcode }) => {
        let drawing: BarcodeDrawing | null = null;
        try {
          drawing = drawBarcode(format, value);
        } catch {
          // Not encodable in this symbology: no barcode rather than a wrong one.
        }
        if (current) setDrawn({ value, format, drawing });
      },
      () => {
        // The chunk did not load (offline): the number beside it still reads at a till.
        if (current) setDrawn({ value, format, drawing: null });
      },
    );
    return () => {
      current = false;
    };
  }, [value, format]);

  const drawing = drawn?.value === value && drawn.format === format ? drawn.drawing : undefined;
  if (drawing === null) return null;
  const layout = layoutOf(format);
  if (!drawing) {
    return <div aria-busy="true" className={`${placeholders[layout]} rounded-xl bg-white`} />;
  }
  return (
    <div className="w-fit max-w-full rounded-xl bg-white p-2" data-testid="gift-card-barcode">
      <svg
        role="img"
        aria-label={t('giftCardWallet.code.barcodeImage')}
        viewBox={`0 0 ${drawing.width} ${drawing.height}`}
        // A linear code reads the same stretched to the width; a 2D one keeps its proportions.
        preserveAspectRatio={layout === 'linear' ? 'none' : 'xMidYMid meet'}
        className={`block ${sizes[layout]}`}
      >
        {drawing.shapes.map((shape, i) => (
          <path
            key={i}
            d={shape.d}
            fill={shape.fill ?? (shape.stroke ? 'none' : '#000000')}
            {...(shape.fillRule ? { fillRule: shape.fillRule } : {})}
            {...(shape.stroke ? { stroke: shape.stroke } : {})}
            {...(shape.strokeWidth ? { strokeWidth: shape.strokeWidth } : {})}
          />
        ))}
      </svg>
    </div>
  );
}
