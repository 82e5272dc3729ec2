import { z } from 'zod';
import { emailSchema, phoneNumberSchema } from './auth';
import { refundStatuses, returnStates } from './refund-states';
import { multilineText, text } from './text';

const isoDateTime = z.iso.datetime({ offset: true });

export const MAX_REFUND_CENTS = 1_000_000_00;

const returnRequestSchema = z
  .object({
    amount_in_cents: z
      .number({ error: 'amount_in_cents must be a whole number of cents' })
      .int('amount_in_cents must be a whole number of cents')
      .positive('amount_in_cents must be more than zero')
      .max(MAX_REFUND_CENTS, 'amount_in_cents is too large'),
    description: multilineText().trim().min(1, 'description is required').max(200),
    /** Defaults to available: the instant refund is the customer's as soon as it is claimed. */
    state: z.enum(['available', 'awaiting_pickup', 'awaiting_fraud_check']).default('available'),
    /** For awaiting_fraud_check: the small portion held until the check passes or the hold expires. */
    fraud_hold_amount_in_cents: z.number().int().positive().optional(),
    fraud_hold_expires_at: isoDateTime.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.state !== 'awaiting_fraud_check') {
      if (
        value.fraud_hold_amount_in_cents !== undefined ||
        value.fraud_hold_expires_at !== undefined
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['state'],
          message: 'a fraud hold needs state awaiting_fraud_check',
        });
      }
      return;
    }
    if (value.fraud_hold_amount_in_cents === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['fraud_hold_amount_in_cents'],
        message: 'fraud_hold_amount_in_cents is required',
      });
    } else if (value.fraud_hold_amount_in_cents > value.amount_in_cents) {
      ctx.addIssue({
        code: 'custom',
        path: ['fraud_hold_amount_in_cents'],
        message: 'the hold cannot exceed the amount',
      });
    }
    if (value.fraud_hold_expires_at === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['fraud_hold_expires_at'],
        message: 'fraud_hold_expires_at is required',
      });
    }
  });

export const createRefundRequestSchema = z.object({
  customer: z.object({
    first_name: text().trim().min(1, 'first_name is required').max(50),
    last_name: text().trim().min(1, 'last_name is required').max(50),
    email: emailSchema,
    /** Optional: without it the customer adds a phone number when they sign up. */
    phone_number: phoneNumberSchema.nullish(),
  }),
  order_number: text().trim().min(1, 'order_number is required').max(64),
  description: multilineText().trim().min(1, 'description is required').max(500),
  /** The merchant's own reference for the return file (RMA), shown to the customer. */
  file_id: text().trim().min(1).max(64).optional(),
  returns: z.array(returnRequestSchema).min(1, 'returns needs at least one return').max(50),
  splash_file_key: z.uuid().optional(),
  logo_file_key: z.uuid().optional(),
  expires_at: isoDateTime.optional(),
});
export type CreateRefundRequest = z.input<typeof createRefundRequestSchema>;

export const merchantReturnSchema = z.object({
  return_uuid: z.uuid(),
  amount_in_cents: z.number().int(),
  description: z.string(),
  state: z.enum(returnStates),
  hold_amount_in_cents: z.number().int(),
  hold_expires_at: isoDateTime.nullable(),
});

export const merchantRefundSchema = z.object({
  refund_uuid: z.uuid(),
  claim_url: z.url(),
  status: z.enum(refundStatuses),
  order_number: z.string(),
  description: z.string(),
  file_id: z.string().nullable(),
  amount_in_cents: z.number().int(),
  customer: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
  }),
  returns: z.array(merchantReturnSchema),
  splash_file_key: z.uuid().nullable(),
  logo_file_key: z.uuid().nullable(),
  expires_at: isoDateTime,
  claimed_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type MerchantRefund = z.infer<typeof merchantRefundSchema>;

export const refundIdParamsSchema = z.object({
  refund_uuid: z.uuid({ error: 'refund_uuid must be a UUID' }),
});
export const returnIdParamsSchema = refundIdParamsSchema.extend({
  return_uuid: z.uuid({ error: 'return_uuid must be a UUID' }),
});

export const fraudCheckRequestSchema = z.object({ result: z.enum(['passed', 'failed']) });

export const uploadedFileSchema = z.object({
  file_key: z.uuid(),
  content_type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  size_in_bytes: z.number().int(),
});
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const webhookEndpointRequestSchema = z.object({
  url: text().pipe(z.url().refine((u) => /^https?:\/\//.test(u), 'url must be http or https')),
});
export const webhookEndpointSchema = z.object({
  url: z.string().nullable(),
  /** Shown when the endpoint is set; signs every delivery. */
  signing_secret: z.string().nullable(),
});

export const webhookEventTypes = [
  'refund.claimed',
  'refund.original_method_chosen',
  'refund.paid_out',
  'refund.cancelled',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookDeliverySchema = z.object({
  event_id: z.uuid(),
  event_type: z.enum(webhookEventTypes),
  attempt: z.number().int(),
  status: z.enum(['delivered', 'failed']),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: isoDateTime,
});
export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema),
  next_cursor: z.string().nullable(),
});

export const listQuerySchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const imageContentTypes = uploadedFileSchema.shape.content_type.options;
export type ImageContentType = (typeof imageContentTypes)[number];

export const fileKeyParamsSchema = z.object({
  file_key: z.uuid({ error: 'file_key must be a UUID' }),
});
/** An uploaded image's bytes, answered with the content type it was stored with. */
export const fileBytesSchema = z
  .custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'The image: PNG, JPEG or WebP' });
