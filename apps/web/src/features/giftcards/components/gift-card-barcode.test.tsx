import type { GiftCardCredentials } from '@refund/contracts/giftcards';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { credentials } from '../gift-card-fixtures';
import { GiftCardCredentialsView } from './gift-card-credentials';

function renderOpened(overrides: Partial<GiftCardCredentials>, language: 'en' | 'de' = 'en') {
  renderApp(
    <GiftCardCredentialsView credentials={{ ...credentials, ...overrides }} onHide={() => {}} />,
    { language },
  );
}

/** The drawing's size in its own units, from its viewBox. */
const sizeOf = (svg: Element) => {
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  return { width: width ?? 0, height: height ?? 0 };
};

/** Everything a card's barcode could be named, so no test can miss one drawn. */
const anyBarcode = () => screen.queryAllByRole('img', { name: /barcode/i });

describe('the barcode of an opened gift card', () => {
  it('draws a Code 128 barcode as an image named for what it is, with bars in it', async () => {
    renderOpened({ barcode: '1234567890123456', barcode_format: 'code128' });
    const image = await screen.findByRole('img', { name: 'Barcode of the card number' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    const bars = image.querySelectorAll('path');
    expect(bars.length).toBeGreaterThan(0);
    expect(Array.from(bars).every((bar) => (bar.getAttribute('d') ?? '').length > 10)).toBe(true);
    // A linear code: wider than tall, black on the white of its frame in either theme.
    const { width, height } = sizeOf(image);
    expect(width).toBeGreaterThan(height);
    expect(image.parentElement?.className).toContain('bg-white');
    // Drawn by React, never through markup or a style attribute (the page allows neither).
    expect(image.closest('[style]')).toBeNull();
    expect(image.querySelector('[style]')).toBeNull();
    // The number is still there to type or read out.
    expect(screen.getByText('Barcode number')).toBeTruthy();
  });

  it('draws the QR code an issuer gives as a square', async () => {
    renderOpened({ barcode: '1234567890123456', barcode_format: 'qr' });
    const image = await screen.findByRole('img', { name: 'Barcode of the card number' });
    const { width, height } = sizeOf(image);
    expect(width).toBe(height);
    expect(image.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('draws a PDF417 barcode too', async () => {
    renderOpened({ barcode: '1234567890123456', barcode_format: 'pdf417' });
    const image = await screen.findByRole('img', { name: 'Barcode of the card number' });
    expect(image.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('draws nothing when the issuer names no format: the number only, no guessed symbology', async () => {
    renderOpened({ barcode: '1234567890123456', barcode_format: null });
    expect(await screen.findByText('Barcode number')).toBeTruthy();
    // Given time to load an encoder, there is still none drawn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(anyBarcode()).toEqual([]);
  });

  it('draws nothing for a card without a barcode', async () => {
    renderOpened({ barcode: null, barcode_format: null });
    expect(await screen.findByText('Card number')).toBeTruthy();
    expect(screen.queryByText('Barcode number')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(anyBarcode()).toEqual([]);
  });

  it('draws nothing when the value does not fit its symbology, rather than another one', async () => {
    renderOpened({ barcode: 'ABC-not-digits', barcode_format: 'ean13' });
    expect(await screen.findByText('Barcode number')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    expect(anyBarcode()).toEqual([]);
  });

  it('is named in German on a German screen', async () => {
    renderOpened({ barcode: '1234567890123456', barcode_format: 'code128' }, 'de');
    expect(await screen.findByRole('img', { name: 'Barcode der Kartennummer' })).toBeTruthy();
  });
});
