import type { OtpChallenge } from '@refund/contracts/auth';
import type { GiftCard, GiftCardCredentials, GiftCardDetails } from '@refund/contracts/giftcards';

/** API answers for the tests of this feature. */
export function giftCard(overrides: Partial<GiftCard> = {}): GiftCard {
  return {
    reward_reference_id: 'GC-7KQ2MX9PTA',
    transaction_id: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    brand: {
      id: '0b8f7d1e-2c3a-4b5d-8e9f-1a2b3c4d5e6f',
      name: 'Harbor Coffee Co.',
      display_name: null,
      image_url: '/v1/brands/0b8f7d1e-2c3a-4b5d-8e9f-1a2b3c4d5e6f/images/300w-326ppi.svg',
    },
    amount_in_cents: 5000,
    cashback_in_cents: 200,
    reward_in_cents: 0,
    total_value_in_cents: 5200,
    status: 'issued',
    archived: false,
    created_at: '2030-01-02T15:04:00.000Z',
    issued_at: '2030-01-02T15:04:03.000Z',
    ...overrides,
  };
}

export function giftCardDetails(overrides: Partial<GiftCardDetails> = {}): GiftCardDetails {
  return {
    ...giftCard(),
    description:
      'Harbor Coffee Co. gift cards can be spent online and in store on small-batch coffee.',
    terms: 'It cannot be exchanged for cash except where the law requires it.',
    expiry_policy: 'Does not expire',
    expiry: { type: 'never' },
    balance_check_url: 'https://balance.giftcards.example/harbor-coffee',
    redeemable_online: true,
    redeemable_in_store: true,
    credentials_available: true,
    ...overrides,
  };
}

export const credentials: GiftCardCredentials = {
  code: '1234-5678-9012-3456',
  pin: '0421',
  url: 'https://redeem.giftcards.example/harbor-coffee/abc123',
  barcode: '1234567890123456',
  barcode_format: 'code128',
  expires_at: null,
};

export const passcodeChallenge: OtpChallenge = {
  attempt_id: '1b4e28ba-2fa1-4d2b-9f8e-1e2b3c4d5e6f',
  channel: 'sms',
  destination: '+1 xxx-xxx-0143',
  expires_in_seconds: 300,
  resend_available_in_seconds: 60,
};
