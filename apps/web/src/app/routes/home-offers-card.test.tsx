import type { FreePlayOffer } from '@refund/contracts/free-play';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api';
import { methodView } from '../../../test/method-views';
import { renderApp } from '../../../test/render-app';
import { HomeOffersCard } from './home-offers-card';

const limits = {
  min_amount: 500,
  max_amount: 50_000,
  fee_rate: null,
  is_whole_amount_value_required: false,
};
const methods = (giftCards: boolean) => () =>
  json({
    data: [
      methodView('debit', { is_available: true, ...limits }),
      methodView('giftcard', { is_available: giftCards, ...limits }),
    ],
  });
const liveSpotlight = () =>
  json({
    spotlight: {
      id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      promotion_image: { file_key: '0b7c1f0e-6c1d-4c43-9d6a-2f4f7f0e9a11' },
      promotion_logo: null,
      promotion_button_url: 'https://shop.example.com/sale',
      promotion_button_text: 'Shop the winter sale',
    },
  });

const freePlay =
  (blockedBy: FreePlayOffer['blocked_by'], claimedAt: string | null = null) =>
  () =>
    json({
      offer: {
        amount_in_cents: 1_000,
        sponsor: 'Fanatics',
        last_day: '2027-06-30',
        blocked_by: blockedBy,
        claimed_at: claimedAt,
        claimed_amount_in_cents: claimedAt ? 1_000 : null,
      },
    });
const noSpotlight = () => json({ spotlight: null });

describe("home's offers", () => {
  it('leads to the cashback brands and the live spotlight', async () => {
    installFakeApi({ 'GET /redemption-methods': methods(true), 'GET /spotlight': liveSpotlight });
    renderApp(<HomeOffersCard />);
    expect(
      (await screen.findByRole('link', { name: 'Earn cashback on gift cards' })).getAttribute(
        'href',
      ),
    ).toBe('/promotion');
    expect(
      (await screen.findByRole('link', { name: 'Spotlight: Shop the winter sale' })).getAttribute(
        'href',
      ),
    ).toBe('/spotlight');
  });

  it('offers no cashback while gift cards cannot be bought', async () => {
    installFakeApi({ 'GET /redemption-methods': methods(false), 'GET /spotlight': liveSpotlight });
    renderApp(<HomeOffersCard />);
    expect(await screen.findByRole('link', { name: /^Spotlight/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Earn cashback on gift cards' })).toBeNull();
  });

  it('shows nothing when there is no offer at all', async () => {
    let asked = 0;
    installFakeApi({
      'GET /redemption-methods': methods(false),
      'GET /spotlight': () => {
        asked += 1;
        return json({ spotlight: null });
      },
    });
    renderApp(<HomeOffersCard />);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Offers' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('leads to the free play while it can be claimed, even with no other offer', async () => {
    installFakeApi({
      'GET /redemption-methods': methods(false),
      'GET /spotlight': noSpotlight,
      'GET /promotions/free-play': freePlay(null),
    });
    renderApp(<HomeOffersCard />);
    expect(
      (await screen.findByRole('link', { name: 'Claim your $10 free play' })).getAttribute('href'),
    ).toBe('/free-play');
    expect(screen.getByRole('heading', { name: 'Offers' })).toBeTruthy();
  });

  it('leads to a claimed free play, saying it was claimed', async () => {
    installFakeApi({
      'GET /redemption-methods': methods(true),
      'GET /spotlight': noSpotlight,
      'GET /promotions/free-play': freePlay('ALREADY_CLAIMED', '2027-06-03T12:00:00.000Z'),
    });
    renderApp(<HomeOffersCard />);
    expect(
      (await screen.findByRole('link', { name: 'Your $10 free play: claimed' })).getAttribute(
        'href',
      ),
    ).toBe('/free-play');
    expect(screen.queryByRole('link', { name: 'Claim your $10 free play' })).toBeNull();
  });

  it.each([
    ['none is offered', () => json({ offer: null })],
    ['no refund was claimed yet', freePlay('CLAIM_A_REFUND_FIRST')],
    ['it has ended', freePlay('ENDED')],
  ])('does not mention the free play when %s', async (_, answer) => {
    let asked = 0;
    installFakeApi({
      'GET /redemption-methods': methods(true),
      'GET /spotlight': noSpotlight,
      'GET /promotions/free-play': () => {
        asked += 1;
        return answer();
      },
    });
    renderApp(<HomeOffersCard />);
    expect(await screen.findByRole('link', { name: 'Earn cashback on gift cards' })).toBeTruthy();
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/free play/i)).toBeNull();
  });
});
