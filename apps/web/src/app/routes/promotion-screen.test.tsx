import type { Brand } from '@refund/contracts/brands';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { PromotionScreen } from './promotion-screen';

function brand(n: number, overrides: Partial<Brand> = {}): Brand {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    name: `Brand ${n}`,
    display_name: null,
    offer_label: `${n}% cashback`,
    images: [{ dimensions: '300w-326ppi', url: `/v1/brands/${id}/300w-326ppi.svg` }],
    categories: ['dining'],
    description: 'A brand.',
    terms: 'Terms.',
    cashback_bps: n * 100,
    denominations: {
      type: 'open',
      min_in_cents: 500,
      max_in_cents: 10_000,
      is_whole_amount_value_required: false,
    },
    currency: 'USD',
    redeemable_online: true,
    redeemable_in_store: false,
    expiry_policy: 'Does not expire',
    expiry: { type: 'never' },
    balance_check_url: null,
    provider_brand_id: `SBX-brand-${n}`,
    is_enabled: true,
    is_featured: true,
    state: 'live',
    ...overrides,
  };
}

const featured = (data: Brand[], totalPage: number) => () =>
  json({ featured_brands: { data, total_page: totalPage } });

describe('the promotion page', () => {
  it("shows each featured brand's tile, leading to its gift card", async () => {
    installFakeApi({
      'GET /brands': featured(
        [brand(1), brand(2, { display_name: 'Brand Two Display' }), brand(3)],
        1,
      ),
    });
    renderApp(<PromotionScreen />, { route: '/promotion' });
    const list = await screen.findByRole('list', { name: 'Featured brands' });
    const tiles = within(list).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      `/redeem/giftcard/${brand(1).id}`,
      `/redeem/giftcard/${brand(2).id}`,
      `/redeem/giftcard/${brand(3).id}`,
    ]);
    expect(tiles[1]?.textContent).toContain('Brand Two Display');
    expect(tiles[1]?.textContent).toContain('2% cashback');
    expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toContain(
      `/brands/${brand(1).id}/300w-326ppi.svg`,
    );
    expect(screen.queryByText('And many more brands with cashback')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Earn Cashback' })).toBeTruthy();
  });

  it('shows four tiles and a link to the catalog when there are more pages', async () => {
    installFakeApi({
      'GET /brands': featured(
        [1, 2, 3, 4].map((n) => brand(n)),
        3,
      ),
    });
    renderApp(<PromotionScreen />, { route: '/promotion' });
    const list = await screen.findByRole('list', { name: 'Featured brands' });
    expect(within(list).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(screen.getByRole('link', { name: 'And many more brands with cashback' }));
    expect(screen.getByTestId('location').textContent).toBe('/redeem/giftcard');
  });

  it('says there are no promotions when nothing is featured', async () => {
    installFakeApi({ 'GET /brands': featured([], 0) });
    renderApp(<PromotionScreen />, { route: '/promotion' });
    expect(await screen.findByText('No Promotions at the moment')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
  });

  it('offers a retry when the brands cannot be loaded, and recovers', async () => {
    let fail = true;
    installFakeApi({
      'GET /brands': () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : json({ featured_brands: { data: [brand(1)], total_page: 1 } }),
    });
    renderApp(<PromotionScreen />, { route: '/promotion' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error occured while fetching records',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Featured brands' })).toBeTruthy();
  });
});
