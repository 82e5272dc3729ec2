import { z } from 'zod';
import {
  checkSignupDateOfBirth,
  isEmail,
  isPersonName,
  isUsPhone,
  phoneDigits,
} from './validation';
import { text } from './text';

export const phoneNumberSchema = text({ error: 'Phone number is required' })
  .trim()
  .refine(isUsPhone, 'Enter a valid 10-digit US phone number')
  .transform(phoneDigits);

export const emailSchema = text({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .refine(isEmail, 'Enter a valid email address')
  .transform((value) => value.toLowerCase());

/**
 * A first or last name, as sign-up takes it and Personal Details edits it: letters of any
 * alphabet with spaces, hyphens, apostrophes and dots (Anne-Marie, O'Neil, St. John), trimmed.
 */
export const personNameSchema = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} is too long`)
    .refine(isPersonName, `${label} can contain letters, spaces, hyphens and apostrophes only`);

export const dateOfBirthSchema = text({ error: 'DOB is required' }).superRefine((value, ctx) => {
  const problem = checkSignupDateOfBirth(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Token from the bot-protection widget; the sandbox accepts anything but its failing token. */
export const botTokenSchema = text().min(1, 'Bot check token is required').max(4096);

export const signUpRequestSchema = z.object({
  first_name: personNameSchema('First name'),
  last_name: personNameSchema('Last name'),
  email: emailSchema,
  phone_number: phoneNumberSchema,
  date_of_birth: dateOfBirthSchema,
  accepted_terms: z.literal(true, {
    error: 'You must accept the terms of service and privacy agreement',
  }),
  bot_token: botTokenSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  phone_number: phoneNumberSchema,
  bot_token: botTokenSchema,
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;

/** A one-time code was sent (or, for sign-in to an unknown number, appears to have been). */
export const otpChallengeSchema = z.object({
  attempt_id: z.uuid(),
  channel: z.enum(['sms', 'email']),
  destination: z.string(),
  expires_in_seconds: z.number().int(),
  resend_available_in_seconds: z.number().int(),
});
export type OtpChallenge = z.infer<typeof otpChallengeSchema>;

export const otpCodeSchema = text({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const verifyCodeRequestSchema = z.object({
  attempt_id: z.uuid({ error: 'Unknown sign-in attempt' }),
  code: otpCodeSchema,
});
export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;

export const resendCodeRequestSchema = z.object({
  attempt_id: z.uuid({ error: 'Unknown sign-in attempt' }),
  bot_token: botTokenSchema,
});
export type ResendCodeRequest = z.input<typeof resendCodeRequestSchema>;

/** SPEC §3 access token response. */
export const accessTokenResponseSchema = z.object({
  access_token: z.string(),
  access_token_expiry_in_seconds: z.number().int().positive(),
});
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** Bot-check action names of SPEC §7. */
export const botActions = [
  'customer_signup',
  'customer_signin',
  'customer_gc_rewards',
  'customer_resend_signin_code',
  'customer_resend_claim_code',
] as const;
export type BotAction = (typeof botActions)[number];

/** Name of the local-storage key holding the access token (SPEC §9). */
export const ACCESS_TOKEN_STORAGE_KEY = '_ca';
