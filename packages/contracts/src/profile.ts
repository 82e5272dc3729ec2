import { z } from 'zod';
import { text } from './text';
import { usStateCodes } from './us-states';

/** SPEC §3 customer address. */
export const addressSchema = z.object({
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
