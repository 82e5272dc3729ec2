import type { FreePlayOffer } from '@refund/contracts/free-play';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BalanceCard } from '../../features/wallet/components/balance-card';
import { installFakeApi, json, sandboxConfig } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { FreePlayScreen } from './free-play-screen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function offer(overrides: Partial<FreePlayOffer> = {}): FreePlayOffer {
  return {
    amount_in_cents: 1_000,
    sponsor: 'Fanatics',
    last_day: '2027-06-30',
    blocked_by: null,
    claimed_at: null,
    claimed_amount_in_cents: null,
    ...overrides,
  };
}

const answer = (value: FreePlayOffer | null) => () => json({ offer: value });
const refusal = (code: number, codeDescription: string, message: string) =>
  json({ code, code_description: codeDescription, message }, 409);
const claimed = (status = 201) =>
  json(
    {
      claim_uuid: '5f0c6a4e-2b1d-4c3e-9f8a-7b6c5d4e3f2a',
      amount_in_cents: 1_000,
      claimed_at: '2027-06-03T12:00:00.000Z',
    },
    status,
  );

const claimButton = () => screen.findByRole('button', { name: 'Claim $10 free play' });

describe('the free play page', () => {
  it('states the offer with its real last day, its heading focused', async () => {
    installFakeApi({ 'GET /promotions/free-play': answer(offer({ sponsor: 'Summit Sports' })) });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Free Play' }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: '$10 free play from Summit Sports' }),
    ).toBeTruthy();
    expect(screen.getByText('Summit Sports pays for it: it costs you nothing.')).toBeTruthy();
    expect(screen.getByText('One free play per customer and per device.')).toBeTruthy();
    expect(screen.getByTestId('free-play-claim-by').textContent).toBe('Claim by June 30, 2027');
    expect(await claimButton()).toBeTruthy();
  });

  it('claims once per click with the device id, shows what was added and refreshes the balance', async () => {
    let balance = 2_500;
    const api = installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'GET /wallet/balance': () =>
        json({ available_in_cents: balance, pending_in_cents: 0, total_in_cents: balance }),
      'GET /promotions/free-play': answer(offer()),
      'POST /promotions/free-play/claims': () => {
        balance += 1_000;
        return claimed();
      },
    });
    renderApp(
      <>
        <BalanceCard />
        <FreePlayScreen />
      </>,
      { route: '/free-play' },
    );
    expect((await screen.findByTestId('balance-available')).textContent).toBe('$25.00');
    await userEvent.click(await claimButton());

    const outcome = await screen.findByRole('heading', { name: '$10.00 added to your wallet' });
    expect(document.activeElement).toBe(outcome);
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Claim $10 free play' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('balance-available').textContent).toBe('$35.00'));

    const [call] = api.callsTo('POST /promotions/free-play/claims');
    expect(call?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(call?.headers.get('X-Device-Id')).toBe(localStorage.getItem('giftcard_device_id'));
    expect(call?.headers.get('X-Device-Id')).toMatch(UUID);
  });

  it('tries a claim whose answer was lost again with the same key, a refused one with a new key', async () => {
    let outcome: 'lost' | 'refused' | 'made' = 'lost';
    const api = installFakeApi({
      'GET /promotions/free-play': answer(offer()),
      'POST /promotions/free-play/claims': () => {
        if (outcome === 'lost') return Promise.reject(new TypeError('Failed to fetch'));
        if (outcome === 'refused') {
          return refusal(
            6021,
            'FREE_PLAY_DEVICE_USED',
            'The free play was already claimed on this device.',
          );
        }
        return claimed(200);
      },
    });
    renderApp(<FreePlayScreen />, { route: '/free-play' });

    await userEvent.click(await claimButton());
    // The client itself tries a keyed request again when its answer is lost (twice, backing off).
    expect((await screen.findByRole('alert', undefined, { timeout: 5_000 })).textContent).toBe(
      'Internal Server error',
    );
    outcome = 'refused';
    await userEvent.click(await claimButton());
    expect(
      await screen.findByText('The free play was already claimed on this device.'),
    ).toBeTruthy();
    outcome = 'made';
    await userEvent.click(await claimButton());
    expect(
      await screen.findByRole('heading', { name: '$10.00 added to your wallet' }),
    ).toBeTruthy();

    const keys = api
      .callsTo('POST /promotions/free-play/claims')
      .map((call) => call.headers.get('Idempotency-Key'));
    // Three tries lost, then the customer's retry with the same key (refused), then a new key.
    expect(keys).toHaveLength(5);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[3]);
  });

  it('keeps a refusal said when the offer read again explains it', async () => {
    let current = offer();
    installFakeApi({
      'GET /promotions/free-play': () => json({ offer: current }),
      'POST /promotions/free-play/claims': () => {
        current = offer({ blocked_by: 'ENDED' });
        return refusal(6023, 'FREE_PLAY_ENDED', 'This free play has ended.');
      },
    });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    await userEvent.click(await claimButton());
    expect(
      await screen.findByText(
        'This free play has ended: the last day to claim it was June 30, 2027.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This free play has ended.');
    expect(screen.queryByRole('button', { name: 'Claim $10 free play' })).toBeNull();
  });

  it('shows when it was claimed, and no claim button', async () => {
    installFakeApi({
      'GET /promotions/free-play': answer(
        offer({
          blocked_by: 'ALREADY_CLAIMED',
          claimed_at: '2027-06-03T12:00:00.000Z',
          // What was credited then, not what is offered now.
          claimed_amount_in_cents: 500,
        }),
      ),
    });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    expect((await screen.findByTestId('free-play-claimed-on')).textContent).toBe(
      'Claimed on June 3, 2027',
    );
    expect(screen.getByText('$5.00 was added to your wallet balance.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('says when it was claimed on this device by someone else, sending the device id', async () => {
    const api = installFakeApi({
      'GET /promotions/free-play': answer(offer({ blocked_by: 'DEVICE_USED' })),
    });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    expect(
      await screen.findByText(
        'The free play was already claimed on this device. It is one per customer and per device.',
      ),
    ).toBeTruthy();
    const read = api.calls.find((c) => c.path === '/promotions/free-play');
    expect(read?.headers.get('X-Device-Id')).toMatch(UUID);
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
  });

  it('asks a customer without a claimed refund to claim one first', async () => {
    installFakeApi({
      'GET /promotions/free-play': answer(offer({ blocked_by: 'CLAIM_A_REFUND_FIRST' })),
    });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    expect(
      await screen.findByText(
        'The free play is for customers who have claimed a refund. Claim a refund into your wallet first, then come back for it.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Claim by June 30, 2027')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('says when it has ended', async () => {
    installFakeApi({ 'GET /promotions/free-play': answer(offer({ blocked_by: 'ENDED' })) });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    expect(
      await screen.findByText(
        'This free play has ended: the last day to claim it was June 30, 2027.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
  });

  it('says there is none when none is offered, and leads home', async () => {
    installFakeApi({ 'GET /promotions/free-play': answer(null) });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    expect(await screen.findByText('There is no free play at the moment.')).toBeTruthy();
    expect(screen.queryByText(/\$10/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('shows it is loading, then offers a retry when it cannot be loaded, and recovers', async () => {
    let fail = true;
    installFakeApi({
      'GET /promotions/free-play': () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : json({ offer: offer() }),
    });
    renderApp(<FreePlayScreen />, { route: '/free-play' });
    expect(screen.getByText('Loading the free play…').closest('[role="status"]')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't load the free play.",
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await claimButton()).toBeTruthy();
  });
});
