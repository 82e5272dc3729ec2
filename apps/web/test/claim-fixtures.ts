import type { Profile } from '@refund/contracts/profile';
import type { Refund } from '@refund/contracts/refunds';
import type { AuthState } from '../src/features/auth/auth-machine';

export const refundUuid = '9d7e2c1a-4b3f-4e8d-9a6c-2f1e0b9c8d7a';

export const challenge = {
  attempt_id: '0b8f5a3e-2c1d-4e6f-8a9b-1c2d3e4f5a6b',
  channel: 'sms' as const,
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};

export const profile: Profile = {
  user_uuid: '4f6c1b9e-2d7a-4c55-9a61-0c2b8e7d3f10',
  first_name: 'Robin',
  last_name: 'Avery',
  email: 'robin@example.com',
  email_verified: false,
  phone_number: '3125550111',
  address: [],
  date_of_birth: '1992-03-14',
};

export const signedIn: AuthState = { status: 'AuthSuccessful', user: profile, offline: false };
export const signedOut: AuthState = { status: 'AuthRequired', user: null, offline: false };

export function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    refund_uuid: refundUuid,
    merchant_name: 'Summit Sports',
    order_number: 'SS-10517',
    file_id: 'RMA-55907',
    description: 'Insulated jacket and gloves',
    amount_in_cents: 17350,
    status: 'claimed',
    claimed_at: '2030-01-02T15:04:00.000Z',
    original_method_at: null,
    wallet_credit_in_cents: 17350,
    returns: [
      {
        return_uuid: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        description: 'Insulated jacket',
        amount_in_cents: 14950,
        state: 'awaiting_fraud_check',
        hold_amount_in_cents: 2500,
        hold_expires_at: '2030-01-05T15:04:00.000Z',
      },
      {
        return_uuid: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
        description: 'Winter gloves',
        amount_in_cents: 2400,
        state: 'available',
        hold_amount_in_cents: 0,
        hold_expires_at: null,
      },
    ],
    ...overrides,
  };
}
