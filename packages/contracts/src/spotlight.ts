import { z } from 'zod';
import { text } from './text';

/**
 * The spotlight (SPEC §2 /spotlight, §3 Spotlight item): a merchant's promotion shown to
 * customers, with an image, an optional logo and an optional action button.
 */

const isoDateTime = z.iso.datetime({ offset: true });

const fileRefSchema = z.object({ file_key: z.uuid() });

const URL_MESSAGE = 'promotion_button_url must be an https address, e.g. https://shop.example.com';

/**
 * The action button opens this address in the customer's browser, so only a public https
 * address is taken: never javascript:, data:, http: or an address carrying a user name.
 */
const buttonUrlSchema = text({ error: URL_MESSAGE })
  .trim()
  .max(2048, 'promotion_button_url is too long')
  .pipe(
    z
      .url({ protocol: /^https$/, hostname: z.regexes.domain, normalize: true, error: URL_MESSAGE })
      // Checked even when the format check failed, so it must not throw on a bad address.
      .refine((value) => {
        const url = URL.parse(value);
        return url !== null && url.username === '' && url.password === '';
      }, URL_MESSAGE),
  );

export const createSpotlightRequestSchema = z
  .object({
    promotion_image: z.object(
      { file_key: z.uuid({ error: 'promotion_image.file_key must be a UUID' }) },
      { error: 'promotion_image is required: { "file_key": "<uploaded file key>" }' },
    ),
    promotion_logo: z
      .object({ file_key: z.uuid({ error: 'promotion_logo.file_key must be a UUID' }) })
      .nullish(),
    promotion_button_url: buttonUrlSchema.nullish(),
    promotion_button_text: text()
      .trim()
      .min(1, 'promotion_button_text must not be empty')
      .max(40, 'promotion_button_text must be at most 40 characters')
      .nullish(),
    /** Default: now. */
    starts_at: isoDateTime.optional(),
    /** Default: shown until ended. */
    ends_at: isoDateTime.nullish(),
  })
  .superRefine((value, ctx) => {
    const hasUrl = value.promotion_button_url != null;
    const hasText = value.promotion_button_text != null;
    if (hasUrl !== hasText) {
      ctx.addIssue({
        code: 'custom',
        path: [hasUrl ? 'promotion_button_text' : 'promotion_button_url'],
        message: 'promotion_button_url and promotion_button_text come together or not at all',
      });
    }
    if (
      value.starts_at &&
      value.ends_at &&
      new Date(value.ends_at).getTime() <= new Date(value.starts_at).getTime()
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'ends_at must be after starts_at',
      });
    }
  });
export type CreateSpotlightRequest = z.input<typeof createSpotlightRequestSchema>;

/** What a customer's screen shows (SPEC §3 Spotlight item). */
export const spotlightItemSchema = z.object({
  id: z.uuid(),
  promotion_image: fileRefSchema,
  promotion_logo: fileRefSchema.nullable(),
  promotion_button_url: z.string().nullable(),
  promotion_button_text: z.string().nullable(),
});
export type SpotlightItem = z.infer<typeof spotlightItemSchema>;

/** GET /spotlight: the newest spotlight live now, or null when there is none. */
export const spotlightAnswerSchema = z.object({ spotlight: spotlightItemSchema.nullable() });
export type SpotlightAnswer = z.infer<typeof spotlightAnswerSchema>;

/** A spotlight as its merchant sees it: what customers see, and when. */
export const merchantSpotlightSchema = spotlightItemSchema.extend({
  starts_at: isoDateTime,
  ends_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type MerchantSpotlight = z.infer<typeof merchantSpotlightSchema>;

export const merchantSpotlightListSchema = z.object({
  data: z.array(merchantSpotlightSchema),
  next_cursor: z.string().nullable(),
});
export type MerchantSpotlightList = z.infer<typeof merchantSpotlightListSchema>;

export const spotlightIdParamsSchema = z.object({
  spotlight_id: z.uuid({ error: 'spotlight_id must be a UUID' }),
});
