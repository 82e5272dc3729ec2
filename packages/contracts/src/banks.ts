import { z } from 'zod';
import { text } from './text';
import { isAbaRoutingNumber, isRoutingNumberFormat } from './validation';

export const bankAccountTypes = ['checking', 'savings'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

export const bankAccountSources = ['manual', 'linked'] as const;

/** Account numbers of US banks: digits only, 4 to 17 of them (the NACHA field width). */
export const isBankAccountNumber = (value: string): boolean => /^\d{4,17}$/.test(value);

export const addBankAccountRequestSchema = z
  .object({
    routing_number: text({ error: 'Routing number is required' })
      .trim()
      .refine(isRoutingNumberFormat, 'Routing number must be 9 digits')
      .refine(isAbaRoutingNumber, 'Enter a valid routing number'),
    account_number: text({ error: 'Account number is required' })
      .trim()
      .refine(isBankAccountNumber, 'Account number must be 4 to 17 digits'),
    account_type: z.enum(bankAccountTypes, { error: 'Choose checking or savings' }),
    account_holder_name: text({ error: 'Account holder name is required' })
      .trim()
      .min(1, 'Account holder name is required')
      .max(100, 'Account holder name is too long'),
  })
  .strict();
export type AddBankAccountRequest = z.input<typeof addBankAccountRequestSchema>;

/** A bank account as the customer sees it: never more of the number than the last four digits. */
export const bankAccountSchema = z.object({
  bank_account_uuid: z.uuid(),
  bank_name: z.string().nullable(),
  account_type: z.enum(bankAccountTypes),
  last4: z.string().regex(/^\d{4}$/),
  source: z.enum(bankAccountSources),
  created_at: z.iso.datetime({ offset: true }),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountListSchema = z.object({ data: z.array(bankAccountSchema) });

/** Where to send the customer to pick their bank; `session_id` comes back as `state`. */
export const bankLinkSessionSchema = z.object({
  session_id: z.uuid(),
  redirect_url: z.url(),
});
export type BankLinkSession = z.infer<typeof bankLinkSessionSchema>;

/** What the bank-linking provider appended to /redeem/tink. */
export const bankLinkExchangeRequestSchema = z
  .object({
    code: text({ error: 'code is required' }).trim().min(1, 'code is required').max(512),
    state: z.uuid({ error: 'state must be the session id' }),
  })
  .strict();
export type BankLinkExchangeRequest = z.input<typeof bankLinkExchangeRequestSchema>;
