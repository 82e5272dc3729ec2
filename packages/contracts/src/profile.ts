import { z } from 'zod';
import {
  dateOfBirthSchema,
  emailSchema,
  otpCodeSchema,
  personNameSchema,
  phoneNumberSchema,
} from './auth';
import { text } from './text';
import { usStateCodes } from './us-states';

/** SPEC §3 customer address. */
export const addressSchema = z.object({
  id: z.uuid(),
  city: z.string(),
  zipcode: z.string(),
  line_1: z.string(),
  line_2: z.string().nullable(),
  state: z.string(),
  is_primary: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** SPEC §3 user profile, as `GET /users/profile` answers it. */
export const profileSchema = z.object({
  user_uuid: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  /**
   * The address a change of e-mail waits on: it becomes the account's e-mail once its link is
   * opened. Null when no change is pending (always sent by the API).
   */
  pending_email: z.string().nullable().optional(),
  phone_number: z.string(),
  address: z.array(addressSchema),
  date_of_birth: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The primary address is preferred, otherwise the first (SPEC §3). */
export function preferredAddress(addresses: readonly Address[]): Address | null {
  return addresses.find((a) => a.is_primary) ?? addresses[0] ?? null;
}

/** The primary (billing) address; a debit card needs one. */
export const updateAddressRequestSchema = z
  .object({
    line_1: text().trim().min(1, 'Address line 1 is required').max(100),
    line_2: text().trim().max(100).nullish(),
    city: text()
      .trim()
      .min(1, 'City is required')
      .max(60)
      .regex(
        /^[A-Za-z .'-]+$/,
        'City can contain letters, spaces, periods, apostrophes and hyphens only',
      ),
    state: text()
      .trim()
      .toUpperCase()
      .min(1, 'Choose a US state or territory')
      .regex(/^[A-Z]{2}$/, 'State must be a two-letter code')
      .pipe(z.enum(usStateCodes, 'Choose a US state or territory')),
    zipcode: text()
      .trim()
      .regex(/^\d{5}$/, 'Zip must be exactly 5 digits'),
  })
  .strict();
export type UpdateAddressRequest = z.input<typeof updateAddressRequestSchema>;

/** How many addresses a customer can keep. */
export const MAX_ADDRESSES = 10;

/** An address added to the address book; `is_primary` makes it the primary one. */
export const addAddressRequestSchema = updateAddressRequestSchema
  .extend({ is_primary: z.boolean().optional() })
  .strict();
export type AddAddressRequest = z.input<typeof addAddressRequestSchema>;

/** An address edited in place; `is_primary: true` makes it the primary one. */
export const editAddressRequestSchema = addAddressRequestSchema;
export type EditAddressRequest = AddAddressRequest;

export const addressParamsSchema = z.object({ id: z.uuid({ error: 'Unknown address' }) });

/** The names Personal Details edits: the same rule as sign-up's, so no name is taken once and refused later. */
export const firstNameSchema = personNameSchema('First name');
export const lastNameSchema = personNameSchema('Last name');

/** Names and date of birth; any of them, at least one. */
export const updateProfileRequestSchema = z
  .object({
    first_name: firstNameSchema.optional(),
    last_name: lastNameSchema.optional(),
    date_of_birth: dateOfBirthSchema.optional(),
  })
  .strict()
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'Send first_name, last_name or date_of_birth',
  );
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * The code texted to the account's current phone (POST /users/profile/contact-change/otp): a
 * change of e-mail or phone needs it, so a session alone (a copied cookie) cannot move them.
 */
export const currentPhonePasscodeSchema = z
  .object({
    attempt_id: z.uuid({ error: 'Request a one-time passcode first' }),
    code: otpCodeSchema,
  })
  .strict();
export type CurrentPhonePasscode = z.input<typeof currentPhonePasscodeSchema>;

/** A new e-mail address, as the form takes it. */
export const newEmailSchema = z.object({ email: emailSchema }).strict();
export type NewEmail = z.input<typeof newEmailSchema>;

/** A new e-mail address: it becomes the account's once the link sent to it is opened. */
export const changeEmailRequestSchema = newEmailSchema
  .extend({ passcode: currentPhonePasscodeSchema })
  .strict();
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** A new phone number, as the form takes it. */
export const newPhoneSchema = z.object({ phone_number: phoneNumberSchema }).strict();
export type NewPhone = z.input<typeof newPhoneSchema>;

/** A new phone number: a one-time code goes to it next. */
export const changePhoneRequestSchema = newPhoneSchema
  .extend({ passcode: currentPhonePasscodeSchema })
  .strict();
export type ChangePhoneRequest = z.input<typeof changePhoneRequestSchema>;

export const resendPhoneCodeRequestSchema = z
  .object({ attempt_id: z.uuid({ error: 'Unknown phone change' }) })
  .strict();

export const verifyPhoneChangeRequestSchema = z
  .object({
    attempt_id: z.uuid({ error: 'Unknown phone change' }),
    code: otpCodeSchema,
  })
  .strict();
export type VerifyPhoneChangeRequest = z.input<typeof verifyPhoneChangeRequestSchema>;

export const contactChangeParamsSchema = z.object({
  // Any malformed id is answered by the service as an invalid link, with its own message.
  id: z.string().min(1).max(200),
});

/**
 * A change of phone number or e-mail, as the contact it replaced sees it from the notice's link:
 * the new contact masked, when, and whether "This wasn't me" was already chosen.
 */
export const contactChangeNoticeSchema = z.object({
  kind: z.enum(['phone', 'email']),
  new_value: z.string(),
  changed_at: z.string(),
  reported: z.boolean(),
});
export type ContactChangeNotice = z.infer<typeof contactChangeNoticeSchema>;

/** What "This wasn't me" did: whether the old contact is the account's again. */
export const contactChangeReportSchema = z.object({
  message: z.string(),
  contact_restored: z.boolean(),
});
export type ContactChangeReport = z.infer<typeof contactChangeReportSchema>;
