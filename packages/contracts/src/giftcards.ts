import { z } from 'zod';
import { keysetPageQuerySchema } from './paging';
import { otpCodeSchema } from './auth';
import { brandExpirySchema } from './brands';

/**
 * The customer's gift card wallet (SPEC §2 /profile/giftcards-history): the cards bought with the
 * wallet, newest first, active and archived (marked used) apart. The credentials are not here:
 * they are opened one card at a time, behind a passcode step.
 */

const isoDateTime = z.iso.datetime({ offset: true });

export const giftCardStatuses = ['processing', 'issued', 'failed'] as const;
export type GiftCardStatus = (typeof giftCardStatuses)[number];

/** A gift card's public reference, e.g. GC-7KQ2MX9PTA. */
export const rewardReferenceSchema = z
  .string()
  .regex(
    /^GC-[A-Z2-9]{10}$/,
    'reward_reference_id must be a gift card reference, e.g. GC-7KQ2MX9PTA',
  );

export const giftCardSchema = z.object({
  reward_reference_id: z.string(),
  /** The purchase, as GET /transactions/{id} shows it. */
  transaction_id: z.uuid(),
  brand: z.object({
    id: z.uuid(),
    name: z.string(),
    display_name: z.string().nullable(),
    /** The card art the web app shows (300w-326ppi), relative to the API's origin. */
    image_url: z.string(),
  }),
  /** The card's face value, taken from the wallet. */
  amount_in_cents: z.number().int(),
  cashback_in_cents: z.number().int(),
  /** The brand's earn-rewards reward for this card; 0 when it had none. */
  reward_in_cents: z.number().int(),
  total_value_in_cents: z.number().int(),
  status: z.enum(giftCardStatuses),
  archived: z.boolean(),
  created_at: isoDateTime,
  issued_at: isoDateTime.nullable(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const giftCardDetailsSchema = giftCardSchema.extend({
  /** How to use the card, and its terms. */
  description: z.string(),
  terms: z.string(),
  /** The brand's expiry in English words; screens word it from `expiry`. */
  expiry_policy: z.string(),
  expiry: brandExpirySchema,
  balance_check_url: z.string().nullable(),
  redeemable_online: z.boolean(),
  redeemable_in_store: z.boolean(),
  /** Whether the card's code can be opened (it was issued). */
  credentials_available: z.boolean(),
});
export type GiftCardDetails = z.infer<typeof giftCardDetailsSchema>;

export const giftCardListQuerySchema = z
  .object({
    status: z
      .enum(['active', 'archived'], { error: 'status must be active or archived' })
      .default('active'),
  })
  .extend(keysetPageQuerySchema.shape);

export const giftCardListSchema = z.object({
  data: z.array(giftCardSchema),
  next_cursor: z.string().nullable(),
});
export type GiftCardList = z.infer<typeof giftCardListSchema>;

export const giftCardParamsSchema = z.object({ reward_reference_id: rewardReferenceSchema });

export const archiveGiftCardRequestSchema = z.strictObject({
  archived: z.boolean({ error: 'archived must be true or false' }),
});

/**
 * The symbologies a card's barcode comes in, as its issuer names them: what a till scans. A
 * barcode in any other (or an unnamed) symbology has no format here and is not drawn.
 */
export const giftCardBarcodeFormats = [
  'code128',
  'code39',
  'ean13',
  'itf',
  'qr',
  'pdf417',
  'data_matrix',
] as const;
export type GiftCardBarcodeFormat = (typeof giftCardBarcodeFormats)[number];

/** What redeems a card: only ever answered to its owner, on a device the passcode opened it on. */
export const giftCardCredentialsSchema = z.object({
  code: z.string(),
  pin: z.string().nullable(),
  url: z.string().nullable(),
  /** The value the card's barcode encodes, and its symbology; null when the issuer gives none. */
  barcode: z.string().nullable(),
  barcode_format: z.enum(giftCardBarcodeFormats).nullable(),
  expires_at: isoDateTime.nullable(),
});
export type GiftCardCredentials = z.infer<typeof giftCardCredentialsSchema>;

/** The device opening a card: a random id the app keeps for itself. */
export const deviceHeadersSchema = z.object({
  'x-device-id': z.uuid({ error: 'Send the device id (a UUID) in the X-Device-Id header' }),
});

/**
 * Opening a card's credentials: on a device that opened it before, nothing; otherwise the
 * passcode texted for it (POST .../credentials/otp).
 */
export const openGiftCardRequestSchema = z
  .strictObject({ attempt_id: z.uuid().optional(), code: otpCodeSchema.optional() })
  .refine((body) => (body.attempt_id === undefined) === (body.code === undefined), {
    message: 'Send attempt_id and code together',
  });

/** The gift card support line (SPEC §9), as the screens show it. */
export const GIFT_CARD_SUPPORT_PHONE = '877.558.2646';
