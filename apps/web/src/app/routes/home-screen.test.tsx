import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api';
import { methodView } from '../../../test/method-views';
import { renderApp } from '../../../test/render-app';
import { HOME_WAIT_MS, HomeScreen } from './home-screen';

const limits = {
  min_amount: 100,
  max_amount: 500_000,
  fee_rate: null,
  is_whole_amount_value_required: false,
};

/** An answer held back until the test lets it go. */
function held(answer: () => Response) {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { handler: () => arrived.then(answer), release: () => release() };
}

const homeApi = (freePlay: () => Response | Promise<Response>) => ({
  'GET /wallet/balance': () =>
    json({ available_in_cents: 12_345, pending_in_cents: 0, total_in_cents: 12_345 }),
  'GET /refunds/unclaimed': () => json({ data: [] }),
  'GET /redemption-methods': () =>
    json({ data: [methodView('debit', { is_available: true, ...limits })] }),
  'GET /spotlight': () => json({ spotlight: null }),
  'GET /promotions/free-play': freePlay,
});

describe('home', () => {
  it('shows the balance at once and the rest of the page in one piece, once every answer is in', async () => {
    const freePlay = held(() => json({ offer: null }));
    installFakeApi(homeApi(freePlay.handler));
    renderApp(<HomeScreen />);

    expect((await screen.findByTestId('balance-available')).textContent).toBe('$123.45');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose Your Redemption Method' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Return item' })).toBeNull();

    freePlay.release();
    expect(
      await screen.findByRole('heading', { name: 'Choose Your Redemption Method' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Return item' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Debit card/ })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the rest of the page when an answer failed, with that part saying so', async () => {
    const api = installFakeApi({
      ...homeApi(() => json({ offer: null })),
      'GET /redemption-methods': () =>
        json({ code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' }, 500),
    });
    renderApp(<HomeScreen />);
    expect(await screen.findByRole('heading', { name: 'Return item' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load");
    // Each answer was asked for once: showing the page asks for nothing again.
    expect(api.callsTo('GET /redemption-methods')).toHaveLength(1);
    expect(api.callsTo('GET /wallet/balance')).toHaveLength(1);
  });

  it('keeps the page while a card loads again after a Retry', async () => {
    let methods = held(() => json({ data: [] }, 500));
    installFakeApi({
      ...homeApi(() => json({ offer: null })),
      'GET /redemption-methods': () => methods.handler(),
    });
    renderApp(<HomeScreen />);
    methods.release();
    await screen.findByText("We couldn't load the redemption methods.");
    methods = held(() => json({ data: [methodView('debit', { is_available: true, ...limits })] }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { name: 'Return item' })).toBeTruthy();
    methods.release();
    expect(await screen.findByRole('link', { name: /Debit card/ })).toBeTruthy();
  });

  it('shows the rest of the page after a while even when an answer never comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      installFakeApi(homeApi(() => new Promise<Response>(() => undefined)));
      renderApp(<HomeScreen />);
      await screen.findByTestId('balance-available');
      expect(screen.queryByRole('heading', { name: 'Return item' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(HOME_WAIT_MS));
      expect(screen.getByRole('heading', { name: 'Return item' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
