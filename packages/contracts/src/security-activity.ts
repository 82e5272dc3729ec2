import { z } from 'zod';
import { keysetPageQuerySchema } from './paging';

/**
 * What can happen to an account, as its owner sees it in their security activity. Every change
 * is listed; a sign-in says in `fields` whether it came from a new device (`new_device`).
 */
export const securityActionSchema = z.enum([
  'signed_up',
  'signed_in',
  'name_changed',
  'date_of_birth_changed',
  'email_change_requested',
  'email_changed',
  'email_verified',
  'email_link_declined',
  'other_sessions_signed_out',
  'contact_change_reported',
  'withdrawals_resumed',
  'phone_changed',
  'address_added',
  'address_updated',
  'address_removed',
  'primary_address_changed',
  'card_added',
  'card_removed',
  'bank_account_added',
  'bank_account_removed',
  'account_closed',
]);
export type SecurityAction = z.infer<typeof securityActionSchema>;

export const securityActivityQuerySchema = keysetPageQuerySchema;

export const securityEventSchema = z.object({
  id: z.uuid(),
  action: securityActionSchema,
  /** The names of what changed (never the values); `new_device` on a sign-in from a new device. */
  fields: z.array(z.string()),
  created_at: z.string(),
  /** The browser and system it came from, e.g. "Chrome on Android"; null when not known. */
  device: z.string().nullable(),
  /** It came from the device this request comes from. */
  this_device: z.boolean(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityActivitySchema = z.object({
  data: z.array(securityEventSchema),
  next_cursor: z.string().nullable(),
});
export type SecurityActivity = z.infer<typeof securityActivitySchema>;

/** What signing out of all other devices did: how many sessions it ended. */
export const signOutOthersResponseSchema = z.object({ signed_out: z.number().int() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;
