import { z } from 'zod';

/**
 * The free play (SPEC §1 "a $10 free play claim", §2 the free-bet promotion page): an amount the
 * sports merchant funds, credited to the wallet once per customer and once per device, until its
 * last day, for customers who have claimed a refund.
 */

/** Why the customer cannot claim it now; null when they can. */
export const freePlayBlockers = [
  'ALREADY_CLAIMED',
  /** Another customer claimed it on this device (the X-Device-Id sent). */
  'DEVICE_USED',
  'CLAIM_A_REFUND_FIRST',
  'ENDED',
] as const;

export const freePlayOfferSchema = z.object({
  amount_in_cents: z.number().int(),
  /** Who funds it, e.g. "Fanatics". */
  sponsor: z.string(),
  /** The last day it can be claimed (UTC). */
  last_day: z.iso.date(),
  blocked_by: z.enum(freePlayBlockers).nullable(),
  /** When this customer claimed it, and what it credited; null until they do. */
  claimed_at: z.iso.datetime({ offset: true }).nullable(),
  claimed_amount_in_cents: z.number().int().nullable(),
});
export type FreePlayOffer = z.infer<typeof freePlayOfferSchema>;

/** The offer, or null when none is made. */
export const freePlayResponseSchema = z.object({ offer: freePlayOfferSchema.nullable() });

/** A claim made: what reached the wallet. */
export const freePlayClaimSchema = z.object({
  claim_uuid: z.uuid(),
  amount_in_cents: z.number().int(),
  claimed_at: z.iso.datetime({ offset: true }),
});
export type FreePlayClaim = z.infer<typeof freePlayClaimSchema>;

/** The device looking at the offer, when the app knows it: a random id it keeps for itself. */
export const freePlayClaimHeadersSchema = z.object({
  'x-device-id': z
    .uuid({ error: 'X-Device-Id must be the device id (a UUID) the app keeps' })
    .optional(),
});

/**
 * The device claiming: required, as the free play is one per device (the web app always sends
 * it); a claim without one is refused before anything is read.
 */
export const freePlayClaimDeviceHeadersSchema = z.object({
  'x-device-id': z.uuid({
    error:
      'X-Device-Id is required: the device id (a UUID) the app keeps, as the free play is one per device',
  }),
});
