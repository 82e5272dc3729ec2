import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { BrandCategory } from '@refund/contracts/brands';
import type { BrandArtwork, GiftCardIssuer, GiftCardOrderResult, IssuerBrand } from './ports';
import { callVendor, ProviderHttpError } from './vendor-http';

/**
 * Gift cards through Runa's Payouts API (v2): the catalog from `GET /product`, orders with
 * `POST /order` in asynchronous mode with our redemption id as `X-Idempotency-Key` (the same key
 * answers the same order), followed with `GET /order/{id}`. A card is delivered as a payout link
 * (its URL and expiry). Only the fields below are read; anything else Runa adds is ignored.
 */
export interface RunaOptions {
  apiKey: string;
  /** Default Runa's production API; its playground is https://playground.runa.io/v2. */
  baseUrl?: string;
  apiVersion?: string;
  /** The country whose cards are listed and ordered. */
  countryCode?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

// Runa's documented product: only the fields we use.
const productSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  denomination_type: z.enum(['open', 'fixed']),
  categories: z.array(z.object({ code: z.string() })).default([]),
  minimum_value: numeric.nullish(),
  maximum_value: numeric.nullish(),
  available_denominations: z.array(numeric).nullish(),
  discount_multiplier: numeric,
  is_orderable: z.boolean().optional(),
  description: z.string().nullish(),
  terms_and_conditions: z.string().nullish(),
  redemption_instructions: z.string().nullish(),
});
const productListSchema = z.union([
  z.array(z.unknown()),
  z.object({ catalog: z.array(z.unknown()) }).transform((page) => page.catalog),
]);

const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  items: z
    .array(
      z.object({
        id: z.string().optional(),
        payout: z.object({ url: z.string().min(1), expiry_date: z.string().nullish() }).nullish(),
      }),
    )
    .default([]),
});

/** Runa's categories, as ours; a product in none of them is listed under none. */
const CATEGORIES: Record<string, BrandCategory> = {
  restaurants: 'dining',
  'food-and-drink': 'dining',
  'food-delivery': 'dining',
  groceries: 'groceries',
  supermarkets: 'groceries',
  fashion: 'fashion',
  'department-stores': 'fashion',
  'health-and-beauty': 'fashion',
  electronics: 'electronics',
  'home-and-garden': 'home',
  home: 'home',
  entertainment: 'entertainment',
  gaming: 'entertainment',
  'books-and-magazines': 'entertainment',
  'music-and-streaming': 'entertainment',
  travel: 'travel',
  'hotels-and-accommodation': 'travel',
  'sports-and-outdoors': 'sports',
  sports: 'sports',
};

const PALETTES: [string, string][] = [
  ['#1d3557', '#f1faee'],
  ['#2d6a4f', '#d8f3dc'],
  ['#6a040f', '#ffba08'],
  ['#3a0ca3', '#f72585'],
  ['#264653', '#e9c46a'],
  ['#432818', '#ffe6a7'],
];
const MOTIFS: BrandArtwork['motif'][] = ['stripes', 'rings', 'waves', 'grid', 'sun'];

/** Card art drawn for a brand from its name: the product never shows the issuer's images. */
function artworkFor(name: string): BrandArtwork {
  const digest = createHash('sha256').update(name).digest();
  const [background, accent] = PALETTES[(digest[0] ?? 0) % PALETTES.length] ?? [
    '#1d3557',
    '#f1faee',
  ];
  const monogram = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return {
    background,
    accent,
    monogram: monogram || 'GC',
    motif: MOTIFS[(digest[1] ?? 0) % MOTIFS.length] ?? 'grid',
  };
}

const cents = (dollars: number) => Math.round(dollars * 100);

function toIssuerBrand(product: z.infer<typeof productSchema>): IssuerBrand | null {
  const denominations: IssuerBrand['denominations'] | null =
    product.denomination_type === 'fixed'
      ? product.available_denominations?.length
        ? { type: 'fixed', valuesCents: product.available_denominations.map(cents) }
        : null
      : product.minimum_value != null && product.maximum_value != null
        ? {
            type: 'open',
            minCents: cents(product.minimum_value),
            maxCents: cents(product.maximum_value),
            wholeDollars: false,
          }
        : null;
  if (!denominations) return null;
  const categories = [...new Set(product.categories.flatMap((c) => CATEGORIES[c.code] ?? []))];
  return {
    providerBrandId: product.code,
    name: product.name,
    description:
      product.description ??
      product.redemption_instructions ??
      `A ${product.name} gift card, delivered as a link to redeem it.`,
    terms:
      product.terms_and_conditions ??
      `${product.name}'s gift card terms apply; they are shown when the card is redeemed.`,
    categories,
    denominations,
    discountBps: Math.round(product.discount_multiplier * 10_000),
    redeemableOnline: true,
    redeemableInStore: false,
    // Each card's own expiry comes with its link (the order's payout expiry date).
    expiry: { type: 'with_card' },
    balanceCheckUrl: null,
    state: product.is_orderable === false ? 'temporarily_unavailable' : 'live',
    artwork: artworkFor(product.name),
  };
}

const FAILED = new Set(['FAILED', 'CANCELLED', 'CANCELED', 'REJECTED']);

function orderResult(body: unknown): GiftCardOrderResult {
  const parsed = orderSchema.safeParse(body);
  if (!parsed.success) {
    throw new ProviderHttpError('runa', 'unexpected-answer', 'runa: unexpected order answer');
  }
  const order = parsed.data;
  if (FAILED.has(order.status.toUpperCase())) {
    return { status: 'failed', reason: 'The gift card issuer could not complete the order.' };
  }
  const item = order.items[0];
  if (order.status.toUpperCase() === 'COMPLETED' && item?.payout) {
    return {
      status: 'issued',
      issuerOrderId: order.id,
      credentials: {
        code: item.id ?? order.id,
        pin: null,
        url: item.payout.url,
        // Runa's order answers carry no barcode: a card ordered as a payout link is that link.
        // Its products name a `barcode_format`, but the value to encode is only given by Runa's
        // Redemption API (the link asked for as JSON), which Runa switches on per account and we
        // do not use. Without the value there is nothing to draw, so the card has no barcode.
        barcode: null,
        barcodeFormat: null,
        expiresAt: item.payout.expiry_date ?? null,
      },
    };
  }
  return { status: 'processing', issuerOrderId: order.id };
}

export function createRunaGiftCardIssuer(options: RunaOptions): GiftCardIssuer {
  const baseUrl = (options.baseUrl ?? 'https://api.runa.io/v2').replace(/\/$/, '');
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const headers = {
    'x-api-key': options.apiKey,
    'x-api-version': options.apiVersion ?? '2024-02-05',
    accept: 'application/json',
  };

  const failure = (status: number) =>
    new ProviderHttpError('runa', 'http', `runa: HTTP ${status}`, status);

  return {
    async catalog() {
      const country = encodeURIComponent(options.countryCode ?? 'US');
      const answer = await callVendor(
        'runa',
        fetchImpl,
        `${baseUrl}/product?country_code=${country}&countries_redeemable_in=${country}`,
        { method: 'GET', headers },
        timeoutMs,
      );
      if (!answer.ok) throw failure(answer.status);
      const list = productListSchema.safeParse(answer.body);
      if (!list.success) {
        throw new ProviderHttpError('runa', 'unexpected-answer', 'runa: unexpected product list');
      }
      return list.data.flatMap((item) => {
        const product = productSchema.safeParse(item);
        const brand = product.success ? toIssuerBrand(product.data) : null;
        return brand ? [brand] : [];
      });
    },

    async order({ reference, providerBrandId, amountCents }) {
      const answer = await callVendor(
        'runa',
        fetchImpl,
        `${baseUrl}/order`,
        {
          method: 'POST',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'x-idempotency-key': reference,
            'x-execution-mode': 'async',
          },
          body: JSON.stringify({
            payment_method: { type: 'ACCOUNT_BALANCE', currency: 'USD' },
            items: [
              {
                face_value: amountCents / 100,
                distribution_method: { type: 'PAYOUT_LINK' },
                products: { type: 'SINGLE', value: providerBrandId },
              },
            ],
            description: reference,
          }),
        },
        timeoutMs,
      );
      // A request Runa refuses (the product, the amount) cannot succeed by asking again.
      if (answer.status === 400 || answer.status === 422) {
        return { status: 'failed', reason: 'The gift card issuer refused the order.' };
      }
      if (!answer.ok) throw failure(answer.status);
      return orderResult(answer.body);
    },

    async orderStatus(issuerOrderId) {
      const answer = await callVendor(
        'runa',
        fetchImpl,
        `${baseUrl}/order/${encodeURIComponent(issuerOrderId)}`,
        { method: 'GET', headers },
        timeoutMs,
      );
      if (!answer.ok) throw failure(answer.status);
      return orderResult(answer.body);
    },
  };
}
