import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGiftCardIssuer, sandboxGiftCardBrands } from './sandbox-giftcards';

afterEach(() => vi.useRealTimers());

describe('the sandbox gift card issuer', () => {
  it('processes an order, then issues it after the fulfilment delay, the same card each time', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const issuer = createSandboxGiftCardIssuer({ fulfilSeconds: 3 });
    const order = { reference: 'r-1', providerBrandId: 'SBX-harbor-coffee', amountCents: 2_500 };
    const placed = await issuer.order(order);
    expect(placed.status).toBe('processing');
    if (placed.status !== 'processing') return;
    expect(await issuer.order(order)).toEqual(placed);
    vi.setSystemTime(new Date('2030-01-01T00:00:03Z'));
    const issued = await issuer.orderStatus(placed.issuerOrderId);
    expect(issued).toMatchObject({ status: 'issued', issuerOrderId: placed.issuerOrderId });
    if (issued.status !== 'issued') return;
    expect(issued.credentials.code).toMatch(/^\d{4}-\d{4}-\d{4}-\d{4}$/);
    expect(issued.credentials.pin).toMatch(/^\d{4}$/);
    // Harbor Coffee's cards carry a Code 128 barcode of the card number's digits.
    expect(issued.credentials.barcodeFormat).toBe('code128');
    expect(issued.credentials.barcode).toBe(issued.credentials.code.replaceAll('-', ''));
    expect(
      await createSandboxGiftCardIssuer({ fulfilSeconds: 3 }).orderStatus(placed.issuerOrderId),
    ).toEqual(issued);
  });

  it('fails the magic brands, an amount the brand does not sell and a brand out of stock', async () => {
    const issuer = createSandboxGiftCardIssuer({ fulfilSeconds: 0 });
    const order = (providerBrandId: string, amountCents = 2_500) =>
      issuer.order({ reference: crypto.randomUUID(), providerBrandId, amountCents });
    expect(await order(sandboxGiftCardBrands.declined)).toEqual({
      status: 'failed',
      reason: 'The gift card issuer declined the order.',
    });
    expect(await order(sandboxGiftCardBrands.outOfStock)).toMatchObject({ status: 'failed' });
    expect(await order('SBX-skyway-air', 6_000)).toMatchObject({ status: 'failed' });
    expect(await order('SBX-bright-audio')).toMatchObject({ status: 'failed' });
    expect(await order(sandboxGiftCardBrands.processing)).toMatchObject({ status: 'processing' });
    expect(await order('SBX-skyway-air', 5_000)).toMatchObject({ status: 'issued' });
  });

  it('gives each brand the barcode its issuer would: QR, PDF417, Code 128, or none online', async () => {
    const issuer = createSandboxGiftCardIssuer({ fulfilSeconds: 0 });
    const barcodeOf = async (providerBrandId: string, amountCents: number) => {
      const placed = await issuer.order({
        reference: crypto.randomUUID(),
        providerBrandId,
        amountCents,
      });
      if (placed.status !== 'issued') throw new Error(`not issued: ${placed.status}`);
      return [placed.credentials.barcodeFormat, placed.credentials.barcode !== null];
    };
    expect(await barcodeOf('SBX-little-lotus', 2_500)).toEqual(['qr', true]);
    expect(await barcodeOf('SBX-greenleaf-garden', 2_500)).toEqual(['pdf417', true]);
    expect(await barcodeOf('SBX-fieldstone-market', 2_500)).toEqual(['code128', true]);
    // Spent only online: nothing for a till to scan, so no barcode at all.
    expect(await barcodeOf('SBX-avenue-nine', 2_500)).toEqual([null, false]);
  });
});
