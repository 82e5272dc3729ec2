import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import type { PayoutDestination, SavedDestinations } from '../payout-destination';
import { DestinationPicker } from './destination-picker';

interface Wallet {
  ref: string;
  nickname: string;
  currency: string;
}

const jar = { ref: 'w-7', nickname: 'Savings jar', currency: 'USD' };
const trip = { ref: 'w-8', nickname: 'Trip fund', currency: 'USD' };

// A kind of destination the flow has never heard of: all it knows is the interface.
function wallets(saved: SavedDestinations<Wallet>): PayoutDestination<Wallet> {
  return {
    mode: 'bank',
    useSaved: () => saved,
    idOf: (wallet) => wallet.ref,
    label: (wallet) => `Wallet ${wallet.nickname}`,
    detail: (_t, wallet) => `Holds ${wallet.currency}`,
    AddActions: () => <button type="button">Open a wallet</button>,
  };
}

const loaded = (data: Wallet[]): SavedDestinations<Wallet> => ({
  data,
  isPending: false,
  isError: false,
  refetch: () => Promise.resolve(),
});

describe('destination picker', () => {
  it('lists any kind of destination by its name and detail, and hands back the chosen one', async () => {
    const onSelect = vi.fn();
    renderApp(
      <DestinationPicker
        destination={wallets(loaded([jar, trip]))}
        selectedId="w-7"
        onSelect={onSelect}
        error={null}
      />,
    );
    const selected = screen.getByRole('radio', { name: 'Wallet Savings jarHolds USD' });
    expect((selected as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Open a wallet' })).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Wallet Trip fundHolds USD' }));
    expect(onSelect).toHaveBeenCalledWith(trip);
  });

  it("says when there is none yet, in the method's words, and still offers to add one", () => {
    renderApp(
      <DestinationPicker
        destination={wallets(loaded([]))}
        selectedId={null}
        onSelect={() => undefined}
        error="Choose a bank account"
      />,
    );
    expect(
      screen.getByText(
        'You have no bank accounts yet. Link your bank or enter your account details.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Choose a bank account');
    expect(screen.getByRole('button', { name: 'Open a wallet' })).toBeTruthy();
  });

  it('offers a retry when the saved ones cannot be loaded', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    renderApp(
      <DestinationPicker
        destination={wallets({ data: undefined, isPending: false, isError: true, refetch })}
        selectedId={null}
        onSelect={() => undefined}
        error={null}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
