import type { Brand, BrandList } from '@refund/contracts/brands';
import type { RedemptionMethod } from '@refund/contracts/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, sandboxConfig, type RecordedCall } from '../../../../test/fake-api';
import { fakeAuthMachine, renderApp } from '../../../../test/render-app';
import { paths } from '../../../config/paths';
import { createReturnPathStore } from '../../../features/auth/return-path';
import { AppRoutes } from '../../app-routes';
import { RedeemGiftCardScreen } from './redeem-giftcard-screen';
import { RedeemSportsGiftCardScreen } from './redeem-sports-giftcard-screen';

function brand(n: number, name: string, overrides: Partial<Brand> = {}): Brand {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    name,
    display_name: null,
    offer_label: `${n}% cashback`,
    images: [{ dimensions: '300w-326ppi', url: `/v1/brands/${id}/images/300w-326ppi.svg` }],
    categories: ['sports'],
    description: `${name} gift cards.`,
    terms: 'Terms.',
    cashback_bps: n * 100,
    denominations: { type: 'fixed', values_in_cents: [2_500, 5_000] },
    currency: 'USD',
    redeemable_online: true,
    redeemable_in_store: true,
    expiry_policy: 'Does not expire',
    expiry: { type: 'never' },
    balance_check_url: null,
    provider_brand_id: `SBX-team-${n}`,
    is_enabled: true,
    is_featured: false,
    state: 'live',
    ...overrides,
  };
}

const hawks = brand(5, 'Hometown Hawks Team Shop');
const herons = brand(3, 'Bayview Herons Team Shop', { display_name: 'Bayview Herons' });
const coffee = brand(4, 'Harbor Coffee Co.', { categories: ['dining'] });

const giftCardMethod = (isAvailable: boolean): RedemptionMethod => ({
  mode: 'giftcard',
  destination_kind: 'gift_card',
  spends_bonus: true,
  is_available: isAvailable,
  min_amount: null,
  max_amount: null,
  fee_rate: null,
  is_whole_amount_value_required: true,
});

const page = (data: Brand[], totalPage = data.length > 0 ? 1 : 0): BrandList => ({
  featured_brands: { data, total_page: totalPage },
});
const serverError = () =>
  json({ code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' }, 500);

/** The API with `teamShops` answering the team-shop list and the catalog answering the rest. */
function api(
  teamShops: (call: RecordedCall) => Response | Promise<Response>,
  options: { available?: boolean } = {},
) {
  return installFakeApi({
    'GET /redemption-methods': () => json({ data: [giftCardMethod(options.available ?? true)] }),
    'GET /brands': (call) =>
      call.query.category === 'team_shop' ? teamShops(call) : json(page([coffee, hawks])),
  });
}

function renderScreens(route: string) {
  return renderApp(
    <Routes>
      <Route path={paths.redeemGiftCard.path} element={<RedeemGiftCardScreen />} />
      <Route path={paths.redeemSportsGiftCard.path} element={<RedeemSportsGiftCardScreen />} />
      <Route path={paths.redeemGiftCardBrand.path} element={<h1>Gift card brand</h1>} />
    </Routes>,
    { route },
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('the Sports Gift Card screen', () => {
  it('lists the team shops offered, each with its art, name and cashback, leading to its gift card', async () => {
    const calls = api(() => json(page([herons, hawks])));
    renderScreens('/redeem/sports-giftcard');
    expect(screen.getByRole('heading', { level: 1, name: 'Sports Gift Card' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Team shops' });
    const tiles = within(list).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      `/redeem/giftcard/${herons.id}`,
      `/redeem/giftcard/${hawks.id}`,
    ]);
    // The display name where there is one, the offer from the API, the 300w art.
    expect(tiles[0]?.textContent).toContain('Bayview Herons');
    expect(tiles[0]?.textContent).toContain('3% cashback');
    expect(tiles[1]?.textContent).toContain('Hometown Hawks Team Shop');
    expect(tiles[1]?.querySelector('img')?.getAttribute('src')).toContain(
      `/brands/${hawks.id}/images/300w-326ppi.svg`,
    );
    expect(calls.callsTo('GET /brands')[0]?.query).toMatchObject({
      category: 'team_shop',
      filter: '{"is_enabled":true}',
      page: '1',
    });

    await userEvent.click(tiles[1] as HTMLElement);
    expect(location()).toBe(`/redeem/giftcard/${hawks.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Gift card brand' })).toBeTruthy();
  });

  it('says team shops are loading while they are asked for', async () => {
    let answer: (response: Response) => void = () => undefined;
    api(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderScreens('/redeem/sports-giftcard');
    expect(
      (await screen.findByText('Loading team shops…')).closest('[role="status"]'),
    ).toBeTruthy();
    answer(json(page([hawks])));
    expect(await screen.findByRole('list', { name: 'Team shops' })).toBeTruthy();
    expect(screen.queryByText('Loading team shops…')).toBeNull();
  });

  it('says sports gift cards are not offered when there are no team shops, and leads to the catalog', async () => {
    api(() => json(page([])));
    renderScreens('/redeem/sports-giftcard');
    expect(
      await screen.findByText('Sports gift cards are not offered at the moment.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Team shops' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Browse all gift cards' }));
    expect(location()).toBe('/redeem/giftcard');
  });

  it('offers a retry when the team shops cannot be loaded, and recovers', async () => {
    let fail = true;
    api(() => (fail ? serverError() : json(page([hawks]))));
    renderScreens('/redeem/sports-giftcard');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const list = await screen.findByRole('list', { name: 'Team shops' });
    expect(within(list).getByRole('link', { name: /Hometown Hawks/ })).toBeTruthy();
  });

  it('shows the next page of team shops when asked', async () => {
    const calls = api((call) =>
      call.query.page === '2' ? json(page([hawks], 2)) : json(page([herons], 2)),
    );
    renderScreens('/redeem/sports-giftcard');
    const list = await screen.findByRole('list', { name: 'Team shops' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show more team shops' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(calls.callsTo('GET /brands').map((c) => c.query.page)).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Show more team shops' })).toBeNull();
  });

  it('says the method is unavailable when gift cards cannot be bought, without asking for brands', async () => {
    const calls = api(() => json(page([hawks])), { available: false });
    renderScreens('/redeem/sports-giftcard');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This redemption method is unavailable at this moment.',
    );
    expect(calls.callsTo('GET /brands')).toHaveLength(0);
  });
});

describe("the gift card screen's way to the sports gift card", () => {
  it('is a link to the Sports Gift Card screen when a team shop is offered', async () => {
    api(() => json(page([hawks])));
    renderScreens('/redeem/giftcard');
    const entry = await screen.findByRole('link', { name: /Sports Gift Card/ });
    expect(entry.getAttribute('href')).toBe('/redeem/sports-giftcard');
    expect(entry.textContent).toContain('Gift cards for team shops, with cashback');
    await userEvent.click(entry);
    expect(location()).toBe('/redeem/sports-giftcard');
    expect(
      await within(await screen.findByRole('list', { name: 'Team shops' })).findByRole('link', {
        name: /Hometown Hawks/,
      }),
    ).toBeTruthy();
  });

  it('is not there when no team shop is offered, or the list cannot be loaded', async () => {
    for (const teamShops of [() => json(page([])), serverError]) {
      const calls = api(teamShops);
      const { unmount } = renderScreens('/redeem/giftcard');
      expect(await screen.findByRole('link', { name: /Harbor Coffee Co\./ })).toBeTruthy();
      await waitFor(() =>
        expect(calls.callsTo('GET /brands').some((c) => c.query.category === 'team_shop')).toBe(
          true,
        ),
      );
      // Settled: the team-shop answer has been read, and still no way in.
      await waitFor(() => expect(screen.queryByText('Loading brands…')).toBeNull());
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByRole('link', { name: /Sports Gift Card/ })).toBeNull();
      unmount();
    }
  });
});

describe('the /redeem/sports-giftcard route', () => {
  it('opens the screen for a signed-in customer, titled Sports Gift Card', async () => {
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'GET /redemption-methods': () => json({ data: [giftCardMethod(true)] }),
      'GET /brands': () => json(page([hawks])),
    });
    renderApp(<AppRoutes returnPaths={createReturnPathStore(sessionStorage)} />, {
      route: '/redeem/sports-giftcard',
      machine: fakeAuthMachine({
        status: 'AuthSuccessful',
        user: {
          user_uuid: '4f6c1b9e-2d7a-4c55-9a61-0c2b8e7d3f10',
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          email_verified: true,
          phone_number: '5551234567',
          address: [],
          date_of_birth: '1990-05-01',
        },
        offline: false,
      }).machine,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports Gift Card' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Team shops' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sports Gift Card - Refundly'));
  });
});
