import { z } from 'zod';
import { text } from './text';

/**
 * FanCash, the sports merchant's store credit (SPEC §2 /redeem/fancash): the customer links their
 * account at the merchant once, through the merchant's own sign-in, and FanCash is then credited
 * to it.
 */

/** The linked account, as the merchant names it; never the merchant's tokens. */
export const fanCashLinkSchema = z.object({
  /** Our id for the link: the `payment_method_uuid` of a redemption to FanCash. */
  id: z.uuid(),
  display_name: z.string(),
  linked_at: z.iso.datetime({ offset: true }),
});
export type FanCashLinkView = z.infer<typeof fanCashLinkSchema>;

export const fanCashLinkResponseSchema = z.object({ link: fanCashLinkSchema.nullable() });

/** Where to send the customer to sign in at the merchant. */
export const fanCashLinkStartSchema = z.object({ authorize_url: z.string() });

/** What the merchant's sign-in sent back to /redeem/fancash. */
export const completeFanCashLinkRequestSchema = z.strictObject({
  state: text()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'state is not one this app gave out')
    .describe('The state the link was started with'),
  code: text().min(1, 'code is missing').max(2048, 'code is too long'),
});
export type CompleteFanCashLinkRequest = z.input<typeof completeFanCashLinkRequestSchema>;
