import { z } from 'zod';
import { text } from './text';
import { isCardExpiryFormat, isCardExpiryValid, isCvv, passesLuhn } from './validation';

/** SPEC §5: the only cards a payout can be pushed to. */
export const DEBIT_CARD_RULE =
  'Only Visa and Mastercard debit cards are supported; credit cards are not.';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';

/** The card network, from the number's leading digits. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  const first4 = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'other';
}

export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

export const addCardRequestSchema = z
  .object({
    card_number: text({ error: 'Card number is required' })
      .transform(cardDigits)
      .refine((d) => /^\d{12,19}$/.test(d) && passesLuhn(d), 'Enter a valid card number')
      .refine((d) => ['visa', 'mastercard'].includes(cardBrand(d)), DEBIT_CARD_RULE),
    expiry: text({ error: 'Expiry is required' })
      .trim()
      .refine(isCardExpiryFormat, 'Enter the expiry as MM/YY or MM/YYYY')
      .refine((v) => isCardExpiryValid(v), 'This card has expired'),
    cvv: text({ error: 'CVV is required' }).trim().refine(isCvv, 'CVV must be 3 or 4 digits'),
    name_on_card: text().trim().min(1, 'Name on card is required').max(100),
  })
  .strict();
export type AddCardRequest = z.input<typeof addCardRequestSchema>;

export const cardSchema = z.object({
  card_uuid: z.uuid(),
  brand: z.enum(['visa', 'mastercard']),
  funding: z.literal('debit'),
  last4: z.string().regex(/^\d{4}$/),
  expiry_month: z.number().int(),
  expiry_year: z.number().int(),
  name_on_card: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = z.object({ data: z.array(cardSchema) });
