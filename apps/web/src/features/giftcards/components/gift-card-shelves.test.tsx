import { formatDateTime } from '@refund/contracts/format';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { giftCard } from '../gift-card-fixtures';
import { GiftCardShelves } from './gift-card-shelves';

const route = '/profile/giftcards-history';

const failed = giftCard({
  reward_reference_id: 'GC-FA1LED2345',
  transaction_id: '8c3b2e4a-5d6f-4a7b-8c9d-2e3f4a5b6c7d',
  brand: { ...giftCard().brand, name: 'Starlight Cinemas', display_name: 'Starlight' },
  amount_in_cents: 2500,
  cashback_in_cents: 0,
  total_value_in_cents: 2500,
  status: 'failed',
  issued_at: null,
});
const used = giftCard({
  reward_reference_id: 'GC-USED234567',
  brand: { ...giftCard().brand, name: 'Brickyard Pizza' },
  archived: true,
});

const serverError = () =>
  json({ code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' }, 500);

const requested = () =>
  (globalThis.fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([url]) =>
    String(url),
  );

describe('gift card wallet list', () => {
  it('shows each card with art, brand, amount, cashback, date and status', async () => {
    installFakeApi({
      'GET /giftcards': () => json({ data: [giftCard(), failed], next_cursor: null }),
    });
    renderApp(<GiftCardShelves />, { route });

    const coffee = within(await screen.findByRole('link', { name: /Harbor Coffee Co\./ }));
    expect(coffee.getByTestId('gift-card-amount').textContent).toBe('$50.00');
    expect(coffee.getByText('+$2.00 cashback')).toBeTruthy();
    expect(coffee.getByText('Issued')).toBeTruthy();
    expect(coffee.getByText(formatDateTime(giftCard().created_at))).toBeTruthy();
    const art = screen.getAllByRole('presentation')[0];
    expect(art?.getAttribute('src')).toBe(giftCard().brand.image_url);

    const cinema = within(screen.getByRole('link', { name: /Starlight/ }));
    expect(cinema.getByText('Failed')).toBeTruthy();
    expect(cinema.getByText('The money went back to your wallet.')).toBeTruthy();
    expect(cinema.queryByText(/cashback/)).toBeNull();
    expect(screen.queryByText(/reward/)).toBeNull();
    expect(requested()).toEqual(['/v1/giftcards?status=active&limit=10']);
  });

  it("shows an earn-rewards card's reward beside its cashback", async () => {
    installFakeApi({
      'GET /giftcards': () =>
        json({
          data: [giftCard({ reward_in_cents: 750, total_value_in_cents: 5_950 })],
          next_cursor: null,
        }),
    });
    renderApp(<GiftCardShelves />, { route });
    const coffee = within(await screen.findByRole('link', { name: /Harbor Coffee Co\./ }));
    expect(coffee.getByText('+$2.00 cashback')).toBeTruthy();
    expect(coffee.getByTestId('gift-card-reward').textContent).toBe('+$7.50 reward');
  });

  it('links a card to its details', async () => {
    installFakeApi({ 'GET /giftcards': () => json({ data: [giftCard()], next_cursor: null }) });
    renderApp(<GiftCardShelves />, { route });
    await userEvent.click(await screen.findByRole('link', { name: /Harbor Coffee Co\./ }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/profile/giftcards-history/GC-7KQ2MX9PTA',
    );
  });

  it('keeps used cards on their own tab, reachable by click and by arrow key', async () => {
    installFakeApi({
      'GET /giftcards': () =>
        requested().at(-1)?.includes('status=archived')
          ? json({ data: [used], next_cursor: null })
          : json({ data: [giftCard()], next_cursor: null }),
    });
    renderApp(<GiftCardShelves />, { route });
    const user = userEvent.setup();

    const active = screen.getByRole('tab', { name: 'Active' });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('list', { name: 'Active gift cards' })).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(active.id);

    await user.click(screen.getByRole('tab', { name: 'Used' }));
    expect(await screen.findByRole('link', { name: /Brickyard Pizza/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Harbor Coffee/ })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Used' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe(`${route}?status=archived`);

    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Active' }));
    expect(await screen.findByRole('link', { name: /Harbor Coffee/ })).toBeTruthy();
    expect(requested()).toContain('/v1/giftcards?status=archived&limit=10');
  });

  it('pages with Load more, sending the cursor it was given', async () => {
    const api = installFakeApi({
      'GET /giftcards': () =>
        api.calls.length === 1
          ? json({ data: [giftCard()], next_cursor: 'cursor-1' })
          : json({ data: [failed], next_cursor: null }),
    });
    renderApp(<GiftCardShelves />, { route });
    await screen.findByRole('link', { name: /Harbor Coffee/ });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Starlight/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requested()).toEqual([
      '/v1/giftcards?status=active&limit=10',
      '/v1/giftcards?status=active&limit=10&cursor=cursor-1',
    ]);
  });

  it('offers to buy a card when there is none', async () => {
    installFakeApi({ 'GET /giftcards': () => json({ data: [], next_cursor: null }) });
    renderApp(<GiftCardShelves />, { route });
    expect(await screen.findByRole('heading', { name: 'No gift cards yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Buy a gift card' }));
    expect(screen.getByTestId('location').textContent).toBe('/redeem/giftcard');
  });

  it('says when no card is marked used', async () => {
    installFakeApi({ 'GET /giftcards': () => json({ data: [], next_cursor: null }) });
    renderApp(<GiftCardShelves />, { route: `${route}?status=archived` });
    expect(await screen.findByRole('heading', { name: 'No used gift cards' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Buy a gift card' })).toBeNull();
  });

  it('says records could not be fetched, and retries', async () => {
    let fail = true;
    installFakeApi({
      'GET /giftcards': () =>
        fail ? serverError() : json({ data: [giftCard()], next_cursor: null }),
    });
    renderApp(<GiftCardShelves />, { route });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Harbor Coffee/ })).toBeTruthy();
  });
});
