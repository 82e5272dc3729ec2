import { z } from 'zod';
import { formatPercent } from './format';
import { pageLimitSchema } from './paging';
import { text } from './text';

/**
 * The gift card brand catalog (SPEC §3 Brand, §7 GET /brands). A brand comes from the gift card
 * issuer's catalog; whether it is offered (`is_enabled`), featured, and the cashback paid on it
 * are the product's own.
 */

/** The catalog's categories, as the API names them, with what the screens call them. */
export const brandCategories = {
  dining: 'Dining',
  groceries: 'Groceries',
  fashion: 'Fashion',
  electronics: 'Electronics',
  home: 'Home & Garden',
  entertainment: 'Entertainment',
  travel: 'Travel',
  sports: 'Sports & Outdoors',
} as const;
export type BrandCategory = keyof typeof brandCategories;
export const brandCategoryNames = Object.keys(brandCategories) as [
  BrandCategory,
  ...BrandCategory[],
];

/** The image size the web app shows (SPEC §3). */
export const BRAND_IMAGE_DIMENSIONS = '300w-326ppi';
/** Every size a brand's image comes in. */
export const brandImageDimensions = ['130w-326ppi', '300w-326ppi', '600w-326ppi'] as const;
export type BrandImageDimensions = (typeof brandImageDimensions)[number];

/** Featured brands page size (SPEC §9). */
export const FEATURED_PAGE_SIZE = 4;

/**
 * Lists of brands the product picks, asked for as a `category` beside the catalog's own:
 * `featured` (the promotion page) and `team_shop` (the sports merchant's team-shop gift cards,
 * only those offered).
 */
export const brandSelections = ['featured', 'team_shop'] as const;
export type BrandSelection = (typeof brandSelections)[number];

export const brandImageSchema = z.object({
  dimensions: z.enum(brandImageDimensions),
  url: z.string(),
});

/** What amounts a brand's gift card can be bought for. */
export const brandDenominationsSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('open'),
    min_in_cents: z.number().int(),
    max_in_cents: z.number().int(),
    is_whole_amount_value_required: z.boolean(),
  }),
  z.object({ type: z.literal('fixed'), values_in_cents: z.array(z.number().int()) }),
]);
export type BrandDenominations = z.infer<typeof brandDenominationsSchema>;

/** Whether the issuer can fulfil orders for the brand now. */
export const brandStates = ['live', 'temporarily_unavailable'] as const;
export type BrandState = (typeof brandStates)[number];

/**
 * How long a brand's cards last, as the issuer says: never, a number of months after the card is
 * issued, or only on each card (its link names the date). Screens put it in words of their
 * language; `expiryPolicy` is the English.
 */
export const brandExpirySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('never') }),
  z.object({ type: z.literal('after_issue'), months: z.number().int().positive() }),
  z.object({ type: z.literal('with_card') }),
]);
export type BrandExpiry = z.infer<typeof brandExpirySchema>;

/** The expiry in English words, e.g. "Does not expire" or "Expires 5 years after issue". */
export function expiryPolicy(expiry: BrandExpiry): string {
  switch (expiry.type) {
    case 'never':
      return 'Does not expire';
    case 'after_issue': {
      const [count, unit] =
        expiry.months % 12 === 0 ? [expiry.months / 12, 'year'] : [expiry.months, 'month'];
      return `Expires ${count} ${unit}${count === 1 ? '' : 's'} after issue`;
    }
    case 'with_card':
      return 'See the link for the expiry date';
  }
}

export const brandSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  display_name: z.string().nullable(),
  /** E.g. "4% cashback", in English; screens word it from `cashback_bps`. */
  offer_label: z.string().nullable(),
  images: z.array(brandImageSchema),
  categories: z.array(z.enum(brandCategoryNames)),
  description: z.string(),
  terms: z.string(),
  /** Cashback credited to the wallet, in basis points of the amount (400 = 4%). */
  cashback_bps: z.number().int(),
  denominations: brandDenominationsSchema,
  currency: z.literal('USD'),
  redeemable_online: z.boolean(),
  redeemable_in_store: z.boolean(),
  /** The expiry in English words (`expiryPolicy`); screens word it from `expiry`. */
  expiry_policy: z.string(),
  expiry: brandExpirySchema,
  balance_check_url: z.string().nullable(),
  provider_brand_id: z.string(),
  is_enabled: z.boolean(),
  is_featured: z.boolean(),
  state: z.enum(brandStates),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandListSchema = z.object({
  featured_brands: z.object({
    data: z.array(brandSchema),
    /** Pages of `limit` brands that match; 0 when none do. */
    total_page: z.number().int(),
  }),
});
export type BrandList = z.infer<typeof brandListSchema>;

/** The `filter` query parameter: JSON, e.g. {"is_enabled":true}. */
const brandFilterSchema = z.strictObject(
  { is_enabled: z.boolean({ error: 'filter.is_enabled must be true or false' }).optional() },
  { error: 'filter may only have is_enabled' },
);

export const brandListQuerySchema = z.object({
  limit: pageLimitSchema(FEATURED_PAGE_SIZE),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
  category: z
    .enum([...brandSelections, ...brandCategoryNames], {
      error: `category must be ${brandSelections.join(', ')} or one of ${brandCategoryNames.join(', ')}`,
    })
    .optional(),
  filter: text()
    .max(200, 'filter is too long')
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filter must be JSON, e.g. {"is_enabled":true}' });
        return z.NEVER;
      }
    })
    .pipe(brandFilterSchema)
    .optional(),
  /** Search in the brands' names. */
  q: text().trim().max(100, 'q must be at most 100 characters').optional(),
});
export type BrandListQuery = z.infer<typeof brandListQuerySchema>;

export const brandParamsSchema = z.object({
  brand_id: z.uuid({ error: 'brand_id must be a UUID' }),
});

/** The cashback on an amount, in cents: rounded down, so it is never more than the offer says. */
export const cashbackCents = (amountCents: number, cashbackBps: number): number =>
  Math.floor((amountCents * cashbackBps) / 10_000);

/** The offer in words, e.g. "4% cashback" or "2.5% cashback"; null without cashback. */
export function offerLabel(cashbackBps: number): string | null {
  if (cashbackBps <= 0) return null;
  return `${formatPercent(cashbackBps)} cashback`;
}

/** How long a quote holds its cashback for the customer to confirm, in seconds. */
export const GIFT_CARD_QUOTE_SECONDS = 600;

export const giftCardQuoteRequestSchema = z.strictObject({
  brand_id: z.uuid({ error: 'brand_id must be a UUID' }),
  amount_in_cents: z
    .number({ error: 'amount_in_cents must be a whole number of cents' })
    .int('amount_in_cents must be a whole number of cents')
    .positive('amount_in_cents must be more than zero')
    .max(10_000_000, 'amount_in_cents is too large'),
});
export type GiftCardQuoteRequest = z.infer<typeof giftCardQuoteRequestSchema>;

/**
 * A price-locked quote: the cashback it names is the cashback paid for a purchase made with it
 * before it expires, whatever the brand's offer becomes meanwhile.
 */
export const giftCardQuoteSchema = z.object({
  quote_id: z.uuid(),
  brand_id: z.uuid(),
  /** The gift card's face value, taken from the wallet. */
  amount_in_cents: z.number().int(),
  cashback_bps: z.number().int(),
  /** Credited to the wallet once the card is issued. */
  cashback_in_cents: z.number().int(),
  /**
   * The brand's own reward for redeeming with it (earn rewards, earn-rewards.ts), in basis points
   * of the amount, and in cents: credited to the wallet when the brand confirms the card. 0 for a
   * brand without an earn-rewards offer.
   */
  reward_bps: z.number().int(),
  reward_in_cents: z.number().int(),
  /** Face value plus cashback and reward: "Spend $100.00, get $104.00 back". */
  total_value_in_cents: z.number().int(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type GiftCardQuote = z.infer<typeof giftCardQuoteSchema>;

/**
 * What a gift card of an amount is worth now, as the server works it out for a quote: the same
 * figures a quote for that amount would lock, without locking them. The amount screen shows these
 * before Continue, so the value promised there is the quote's, which is what the ledger credits.
 */
export const giftCardValueSchema = giftCardQuoteSchema.omit({ quote_id: true, expires_at: true });
export type GiftCardValue = z.infer<typeof giftCardValueSchema>;

/** `?amount_in_cents=` of a brand's value (GET /brands/{brand_id}/value). */
export const giftCardValueQuerySchema = z.strictObject({
  amount_in_cents: z.coerce
    .number({ error: 'amount_in_cents must be a whole number of cents' })
    .int('amount_in_cents must be a whole number of cents')
    .positive('amount_in_cents must be more than zero')
    .max(10_000_000, 'amount_in_cents is too large'),
});

/** Why an amount does not fit a brand's denominations, or null when it fits. */
export function denominationProblem(
  denominations: BrandDenominations,
  amountCents: number,
): 'AMOUNT_OUT_OF_RANGE' | 'AMOUNT_NOT_WHOLE_DOLLARS' | 'AMOUNT_NOT_OFFERED' | null {
  if (denominations.type === 'fixed') {
    return denominations.values_in_cents.includes(amountCents) ? null : 'AMOUNT_NOT_OFFERED';
  }
  if (amountCents < denominations.min_in_cents || amountCents > denominations.max_in_cents) {
    return 'AMOUNT_OUT_OF_RANGE';
  }
  if (denominations.is_whole_amount_value_required && amountCents % 100 !== 0) {
    return 'AMOUNT_NOT_WHOLE_DOLLARS';
  }
  return null;
}

/** What screens call a brand: its display name, or its name. */
export const brandDisplayName = (brand: { name: string; display_name: string | null }): string =>
  brand.display_name ?? brand.name;
