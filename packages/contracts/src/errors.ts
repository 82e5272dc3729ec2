import { z } from 'zod';
import type { ErrorBody } from './values/error-body';
import { methodContracts } from './method-contracts';
import type { MethodError } from './methods/method-contract';

export { internalErrorBody, type ErrorBody } from './values/error-body';

/** The one error body on the wire (SPEC §3). */
export const errorBodySchema = z.object({
  code: z.number().int(),
  code_description: z.string(),
  message: z.string(),
});

/** Texts of the SPEC's error catalogue (§8), verbatim. */
export const messages = {
  internal: 'Internal Server error',
  fetchRecords: 'Error occured while fetching records',
  notEnoughBalance: "You don't have enough balance in order to do redemption",
  methodUnavailable: 'This redemption method is unavailable at this moment.',
  incorrectOtp: 'Incorrect one time passcode',
  ageAbove18: 'Age must be above 18 years.',
  dobInvalid: 'Date of birth invalid',
  dobRequired: 'DOB is required',
} as const;

/**
 * The domain errors the API answers besides the methods' own. The number is the wire `code`, the
 * status is the HTTP status it travels with. 3001 is the SPEC's code for an unknown error.
 */
const coreErrors = {
  VALIDATION_FAILED: { code: 1001, status: 400 },
  MALFORMED_JSON: { code: 1002, status: 400 },
  PAYLOAD_TOO_LARGE: { code: 1003, status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { code: 1004, status: 415 },
  ROUTE_NOT_FOUND: { code: 1005, status: 404 },
  NOT_FOUND: { code: 1006, status: 404 },
  RATE_LIMITED: { code: 1007, status: 429 },
  URI_TOO_LONG: { code: 1008, status: 414 },
  HEADERS_TOO_LARGE: { code: 1009, status: 431 },
  REQUEST_TIMEOUT: { code: 1010, status: 408 },
  UNAUTHORIZED: { code: 2001, status: 401 },
  INCORRECT_OTP: { code: 2002, status: 400 },
  OTP_EXPIRED: { code: 2003, status: 400 },
  OTP_ATTEMPTS_EXCEEDED: { code: 2004, status: 400 },
  RESEND_TOO_SOON: { code: 2005, status: 429 },
  OTP_SEND_LIMIT: { code: 2006, status: 429 },
  PHONE_TAKEN: { code: 2007, status: 409 },
  EMAIL_TAKEN: { code: 2008, status: 409 },
  BOT_CHECK_FAILED: { code: 2009, status: 403 },
  REFRESH_INVALID: { code: 2010, status: 401 },
  SANDBOX_DISABLED: { code: 2011, status: 404 },
  REFUND_NOT_CLAIMABLE: { code: 5001, status: 404 },
  CLAIM_NOT_ALLOWED: { code: 5002, status: 403 },
  IDEMPOTENCY_KEY_REQUIRED: { code: 5003, status: 400 },
  IDEMPOTENCY_KEY_REUSED: { code: 5004, status: 422 },
  REFUND_NOT_CANCELLABLE: { code: 5005, status: 409 },
  RETURN_STATE_CONFLICT: { code: 5006, status: 409 },
  EMAIL_LINK_INVALID: { code: 5007, status: 400 },
  EMAIL_LINK_OTHER_ACCOUNT: { code: 5009, status: 403 },
  EMAIL_UNCHANGED: { code: 8001, status: 400 },
  PHONE_UNCHANGED: { code: 8002, status: 400 },
  ADDRESS_LIMIT_REACHED: { code: 8003, status: 409 },
  CONTACT_CHANGE_LINK_INVALID: { code: 8004, status: 400 },
  WITHDRAWALS_PAUSED: { code: 6025, status: 403 },
  ACCOUNT_NOT_EMPTY: { code: 8010, status: 409 },
  FILE_NOT_OWNED: { code: 5008, status: 400 },
  UNSUPPORTED_FILE_TYPE: { code: 4001, status: 415 },
  FILE_REQUIRED: { code: 4002, status: 400 },
  FILE_EMPTY: { code: 4003, status: 400 },
  FILE_TOO_LARGE: { code: 4004, status: 413 },
  WEBHOOK_URL_NOT_ALLOWED: { code: 4005, status: 400 },
  CARD_NOT_SUPPORTED: { code: 6001, status: 422 },
  ADDRESS_REQUIRED: { code: 6005, status: 409 },
  NOT_ENOUGH_BALANCE: { code: 6002, status: 400 },
  METHOD_UNAVAILABLE: { code: 6003, status: 409 },
  AMOUNT_OUT_OF_RANGE: { code: 6004, status: 400 },
  AMOUNT_NOT_WHOLE_DOLLARS: { code: 6006, status: 400 },
  AMOUNT_NOT_OFFERED: { code: 6007, status: 400 },
  BRAND_UNAVAILABLE: { code: 6008, status: 409 },
  QUOTE_EXPIRED: { code: 6009, status: 409 },
  PASSCODE_REQUIRED: { code: 2012, status: 403 },
  GIFT_CARD_NOT_ISSUED: { code: 6010, status: 409 },
  PREPAID_CARD_NOT_ISSUED: { code: 6011, status: 409 },
  PREPAID_CARD_NOT_ACTIVATABLE: { code: 6012, status: 409 },
  CARDHOLDER_REQUIRED: { code: 6013, status: 409 },
  CARD_ISSUER_UNAVAILABLE: { code: 6014, status: 503 },
  FANCASH_LINK_INVALID: { code: 6015, status: 400 },
  FANCASH_ALREADY_LINKED: { code: 6016, status: 409 },
  FANCASH_UNAVAILABLE: { code: 6017, status: 503 },
  FANCASH_NOT_LINKED: { code: 6018, status: 409 },
  FREE_PLAY_UNAVAILABLE: { code: 6019, status: 404 },
  FREE_PLAY_ALREADY_CLAIMED: { code: 6020, status: 409 },
  FREE_PLAY_DEVICE_USED: { code: 6021, status: 409 },
  FREE_PLAY_NEEDS_REFUND: { code: 6022, status: 409 },
  FREE_PLAY_ENDED: { code: 6023, status: 409 },
  EARN_REWARD_UNAVAILABLE: { code: 6024, status: 409 },
  BANK_LINK_INVALID: { code: 7001, status: 400 },
  BANK_LINK_UNAVAILABLE: { code: 7002, status: 503 },
  NO_ELIGIBLE_BANK_ACCOUNT: { code: 7003, status: 422 },
  INTERNAL: { code: 3001, status: 500 },
  SERVICE_UNAVAILABLE: { code: 3002, status: 503 },
} as const satisfies Record<string, { code: number; status: number }>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** The errors only one method answers, as its contract (`methods/`) declares them. */
type MethodErrors = UnionToIntersection<(typeof methodContracts)[number]['errors']>;
const methodErrors: Readonly<Record<string, MethodError>> = Object.assign(
  {},
  ...methodContracts.map((method) => method.errors),
);

/** Every domain error the API answers: the core's and the methods' own. */
export const errorCatalog = {
  ...coreErrors,
  ...Object.fromEntries(
    Object.entries(methodErrors).map(([name, { code, status }]) => [name, { code, status }]),
  ),
} as typeof coreErrors & {
  readonly [Name in keyof MethodErrors]: { code: number; status: number };
};

export type ErrorName = keyof typeof errorCatalog;

/** Default human message for each error, used when the thrower gives none. */
const coreMessages: Record<keyof typeof coreErrors, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  ROUTE_NOT_FOUND: 'No such endpoint.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  URI_TOO_LONG: 'The address is too long.',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  UNAUTHORIZED: 'Please sign in to continue.',
  INCORRECT_OTP: messages.incorrectOtp,
  OTP_EXPIRED: 'This code has expired. Please request a new one.',
  OTP_ATTEMPTS_EXCEEDED: 'Too many incorrect attempts. Please request a new code.',
  RESEND_TOO_SOON: 'Please wait before requesting a new code.',
  OTP_SEND_LIMIT: 'Too many codes requested. Please try again later.',
  PHONE_TAKEN: 'An account with this phone number already exists. Please sign in.',
  EMAIL_TAKEN: 'An account with this email already exists. Please sign in.',
  BOT_CHECK_FAILED: 'We could not verify that you are human. Please try again.',
  REFRESH_INVALID: 'Your session has ended. Please sign in again.',
  SANDBOX_DISABLED: 'The sandbox is not enabled.',
  REFUND_NOT_CLAIMABLE:
    'This refund link is not valid anymore. It may have expired, been cancelled or already been claimed.',
  CLAIM_NOT_ALLOWED: 'Verify the phone number or email this refund was sent to before claiming it.',
  IDEMPOTENCY_KEY_REQUIRED: 'Send an Idempotency-Key header with this request.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used with a different request.',
  REFUND_NOT_CANCELLABLE: 'This refund can no longer be cancelled.',
  RETURN_STATE_CONFLICT: 'This return is not waiting for that step.',
  EMAIL_LINK_INVALID: 'This verification link is invalid or has expired.',
  EMAIL_LINK_OTHER_ACCOUNT:
    'This link was sent for another account. Sign in to the account that asked for it to confirm it.',
  EMAIL_UNCHANGED: 'This is already the e-mail address of your account.',
  PHONE_UNCHANGED: 'This is already the phone number of your account.',
  ADDRESS_LIMIT_REACHED:
    'You can keep up to 10 addresses. Please remove one before adding another.',
  ACCOUNT_NOT_EMPTY:
    'Your wallet still holds money. Redeem your balance first (to a debit card, a bank account or a gift card), then close your account.',
  FILE_NOT_OWNED: 'That file key does not belong to your account.',
  UNSUPPORTED_FILE_TYPE: 'Only PNG, JPEG or WebP images are accepted.',
  FILE_REQUIRED: 'Send the image as multipart/form-data in a field named "file".',
  FILE_EMPTY: 'The file is empty.',
  FILE_TOO_LARGE: 'The image is larger than 2 MiB.',
  WEBHOOK_URL_NOT_ALLOWED: 'The webhook URL must be a public http or https address.',
  CARD_NOT_SUPPORTED: 'Only Visa and Mastercard debit cards are supported; credit cards are not.',
  NOT_ENOUGH_BALANCE: messages.notEnoughBalance,
  ADDRESS_REQUIRED: 'Add your billing address before adding a card.',
  METHOD_UNAVAILABLE: messages.methodUnavailable,
  AMOUNT_OUT_OF_RANGE: 'This amount is outside the limits of this redemption method.',
  AMOUNT_NOT_WHOLE_DOLLARS: 'This redemption method takes whole-dollar amounts only.',
  AMOUNT_NOT_OFFERED:
    "This gift card comes in set amounts only. Please choose one of the brand's amounts.",
  BRAND_UNAVAILABLE: 'This brand is unavailable at this moment. Please choose another one.',
  QUOTE_EXPIRED: 'This offer has expired or was already used. Please review your gift card again.',
  GIFT_CARD_NOT_ISSUED: 'This gift card has not been issued, so it has no code to show.',
  PREPAID_CARD_NOT_ISSUED:
    'This card has not been issued yet, so it has no number to show. Please try again shortly.',
  PREPAID_CARD_NOT_ACTIVATABLE: 'Only an inactive card can be activated.',
  CARDHOLDER_REQUIRED: 'Confirm the name and address your prepaid card is issued to first.',
  CARD_ISSUER_UNAVAILABLE:
    'We could not reach the card issuer right now. Please try again shortly.',
  FANCASH_LINK_INVALID:
    'This sign-in has expired or was already used. Please link your account again.',
  FANCASH_ALREADY_LINKED: 'This FanCash account is already linked to another customer.',
  FANCASH_UNAVAILABLE: 'We could not reach FanCash right now. Please try again shortly.',
  FANCASH_NOT_LINKED: 'Link your FanCash account first.',
  FREE_PLAY_UNAVAILABLE: 'There is no free play on offer at the moment.',
  FREE_PLAY_ALREADY_CLAIMED: 'You have already claimed your free play.',
  FREE_PLAY_DEVICE_USED: 'The free play was already claimed on this device.',
  FREE_PLAY_NEEDS_REFUND:
    'Claim a refund into your wallet first, then come back for your free play.',
  FREE_PLAY_ENDED: 'This free play has ended.',
  EARN_REWARD_UNAVAILABLE:
    'This brand has no reward to earn at the moment. You can still buy its gift card.',
  PASSCODE_REQUIRED:
    'To open this gift card on this device, enter the one-time passcode we text you.',
  BANK_LINK_INVALID:
    'This bank connection has expired or was already used. Please connect your bank again.',
  BANK_LINK_UNAVAILABLE: 'We could not reach your bank right now. Please try again shortly.',
  NO_ELIGIBLE_BANK_ACCOUNT:
    'None of the accounts you shared can receive payouts. Please connect a checking or savings account.',
  CONTACT_CHANGE_LINK_INVALID: 'This link is invalid or has expired.',
  WITHDRAWALS_PAUSED:
    'Withdrawals are paused because a change to your account was reported. Sign in again to resume them.',
  INTERNAL: messages.internal,
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
};

export const defaultErrorMessages = {
  ...coreMessages,
  ...Object.fromEntries(Object.entries(methodErrors).map(([name, { message }]) => [name, message])),
} as Record<ErrorName, string>;

export function errorBody(name: ErrorName, message?: string): ErrorBody {
  return {
    code: errorCatalog[name].code,
    code_description: name,
    message: message ?? defaultErrorMessages[name],
  };
}
