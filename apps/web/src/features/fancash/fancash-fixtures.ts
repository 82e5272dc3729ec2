import type { FanCashLinkView } from '@refund/contracts/fancash';
import type { Transaction } from '@refund/contracts/redemptions';
import type { RedemptionMethod } from '@refund/contracts/wallet';

/** API answers for the tests of this feature. */
export const fanCashLink: FanCashLinkView = {
  id: '3e8a1c5b-7d2f-4b6a-9c0e-5f4d3c2b1a09',
  display_name: 'Alex M.',
  linked_at: '2030-01-02T15:00:00.000Z',
};

/** FanCash as GET /redemption-methods offers it: $5.00 to $500.00, no fee. */
export const fanCashMethod: RedemptionMethod = {
  mode: 'fancash',
  destination_kind: 'fancash',
  spends_bonus: false,
  is_available: true,
  min_amount: 500,
  max_amount: 50000,
  fee_rate: 0,
  is_whole_amount_value_required: false,
};

/** A state as the API gives out: 43 URL-safe characters. */
export const linkState = 'Zq3kT9vX2mB7nR4pL8wS1yC6dF0gH5jK2aE9uV3xQ7o';

export function fanCashTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    transaction_id: '9b1e4d7a-2c3f-4a5b-8d6e-7f0a1b2c3d4e',
    mode: 'fancash',
    status: 'Pending',
    amount_in_cents: 2500,
    fee_in_cents: 0,
    net_amount_in_cents: 2500,
    destination: {
      kind: 'fancash',
      brand: 'FanCash',
      bank_name: null,
      last4: '',
      account_name: fanCashLink.display_name,
    },
    network_reference: null,
    failure_reason: null,
    returned: false,
    created_at: '2030-01-02T15:04:00.000Z',
    completed_at: null,
    ...overrides,
  };
}
