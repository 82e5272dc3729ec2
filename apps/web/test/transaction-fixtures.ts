import type { Transaction } from '@refund/contracts/redemptions';

/** API answers for the tests of this feature. */
export function cardTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    transaction_id: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    mode: 'debit',
    status: 'Successful',
    amount_in_cents: 5000,
    fee_in_cents: 75,
    net_amount_in_cents: 4925,
    destination: { kind: 'card', brand: 'visa', bank_name: null, last4: '5556' },
    network_reference: 'SBX6A1F0C2E3B4D',
    failure_reason: null,
    returned: false,
    created_at: '2030-01-02T15:04:00.000Z',
    completed_at: '2030-01-02T15:04:05.000Z',
    ...overrides,
  };
}

export function returnedAchTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    transaction_id: '7b2a1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c',
    mode: 'bank',
    status: 'Failed',
    amount_in_cents: 12000,
    fee_in_cents: 0,
    net_amount_in_cents: 12000,
    destination: {
      kind: 'bank_account',
      brand: null,
      bank_name: 'Lakeside Credit Union',
      last4: '6789',
    },
    network_reference: 'ACH000123',
    failure_reason: 'The bank returned the payout (R01: Insufficient funds).',
    returned: true,
    created_at: '2030-01-03T09:30:00.000Z',
    completed_at: '2030-01-04T10:00:00.000Z',
    ...overrides,
  };
}
