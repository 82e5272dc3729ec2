import type { OtpChallenge } from '@refund/contracts/auth';
import type {
  PrepaidCard,
  PrepaidCardholder,
  PrepaidCardSecrets,
} from '@refund/contracts/prepaid-cards';

/** API answers for the tests of this feature. */
export function prepaidCard(overrides: Partial<PrepaidCard> = {}): PrepaidCard {
  return {
    card_uuid: '5f0c3a1e-8b2d-4c6f-9a7e-1d2c3b4a5f60',
    transaction_id: '5f0c3a1e-8b2d-4c6f-9a7e-1d2c3b4a5f60',
    status: 'active',
    network: 'visa',
    last4: '4242',
    exp_month: 4,
    exp_year: 2031,
    loaded_in_cents: 5000,
    fee_in_cents: 0,
    balance_in_cents: 3250,
    balance_updated_at: '2030-01-05T10:00:00.000Z',
    failure_reason: null,
    created_at: '2030-01-02T15:04:00.000Z',
    issued_at: '2030-01-02T15:05:00.000Z',
    activated_at: '2030-01-03T09:00:00.000Z',
    ...overrides,
  };
}

/** A card the issuer has not made yet: no number, expiry or balance. */
export const processingCard = (overrides: Partial<PrepaidCard> = {}): PrepaidCard =>
  prepaidCard({
    status: 'processing',
    last4: null,
    exp_month: null,
    exp_year: null,
    balance_in_cents: null,
    balance_updated_at: null,
    issued_at: null,
    activated_at: null,
    ...overrides,
  });

export const cardholder: PrepaidCardholder = {
  cardholder_uuid: '2c9b7e5a-1f3d-4a6b-8c0e-9d8f7a6b5c4d',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line_1: '9 Oak Ave', line_2: 'Apt 4', city: 'Austin', state: 'TX', zipcode: '73301' },
  created_at: '2030-01-01T10:00:00.000Z',
};

export const secrets: PrepaidCardSecrets = {
  number: '4000056655665556',
  cvc: '314',
  exp_month: 4,
  exp_year: 2031,
};

export const detailsChallenge: OtpChallenge = {
  attempt_id: '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5968',
  channel: 'sms',
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};
