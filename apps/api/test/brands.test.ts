import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand, BrandList } from '@refund/contracts/brands';
import {
  sandboxDisabledBrands,
  sandboxFeaturedBrands,
  sandboxGiftCardCatalog,
} from '../src/providers/sandbox-giftcards';
import { signUpNewPerson, type SignedIn } from './support/people';
import { call, startTestServer, type TestServer } from './support/test-server';

/**
 * The gift card catalog as the sandbox issuer lists it, synced when the server starts, through
 * GET /v1/brands with every documented parameter (SPEC §7) and bad ones.
 */
let server: TestServer;
let person: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUpNewPerson(server.app);
});
afterAll(() => server.close());

const listed = sandboxGiftCardCatalog.length;
const enabled = listed - sandboxDisabledBrands.length;

async function brands(query: string, token: string | null = person.accessToken) {
  return call(server.app, 'GET', `/v1/brands${query}`, undefined, { token });
}

async function page(query: string): Promise<BrandList['featured_brands']> {
  const response = await brands(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BrandList).featured_brands;
}

const names = (data: Brand[]) => data.map((b) => b.provider_brand_id);

describe('GET /v1/brands', () => {
  it('needs a signed-in customer', async () => {
    const response = await brands('', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code_description: 'UNAUTHORIZED' });
  });

  it("answers the promotion page's call: the first four featured, enabled brands", async () => {
    const query = `?limit=4&page=1&category=featured&filter=${encodeURIComponent('{"is_enabled":true}')}`;
    const featured = await page(query);
    expect(names(featured.data)).toEqual(sandboxFeaturedBrands.slice(0, 4));
    expect(featured.total_page).toBe(Math.ceil(sandboxFeaturedBrands.length / 4));
    const [first] = featured.data;
    expect(first).toMatchObject({
      name: 'Harbor Coffee Co.',
      display_name: null,
      offer_label: '4% cashback',
      cashback_bps: 400,
      expiry_policy: 'Does not expire',
      expiry: { type: 'never' },
      is_enabled: true,
      is_featured: true,
      state: 'live',
      currency: 'USD',
      categories: ['dining'],
      denominations: {
        type: 'open',
        min_in_cents: 500,
        max_in_cents: 10_000,
        is_whole_amount_value_required: false,
      },
    });
    expect(first?.images.map((i) => i.dimensions)).toContain('300w-326ppi');
    const lastPage = await page(query.replace('page=1', 'page=3'));
    expect(names(lastPage.data)).toEqual(sandboxFeaturedBrands.slice(8));
  });

  it('defaults to a page of four of every listed brand, the featured first', async () => {
    const all = await page('');
    expect(names(all.data)).toEqual(sandboxFeaturedBrands.slice(0, 4));
    expect(all.total_page).toBe(Math.ceil(listed / 4));
    const everything = await page('?limit=100');
    expect(everything.data).toHaveLength(listed);
    expect(everything.total_page).toBe(1);
    const rest = everything.data.slice(sandboxFeaturedBrands.length).map((b) => b.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('filters by whether a brand is offered', async () => {
    expect((await page('?limit=100&filter={"is_enabled":true}')).data).toHaveLength(enabled);
    const off = await page('?limit=100&filter={"is_enabled":false}');
    expect(names(off.data).sort()).toEqual([...sandboxDisabledBrands].sort());
    expect(off.data.every((b) => !b.is_enabled)).toBe(true);
  });

  it('lists a category, and fixed amounts as choices', async () => {
    const travel = await page('?limit=100&category=travel');
    expect(travel.data.length).toBeGreaterThan(0);
    expect(travel.data.every((b) => b.categories.includes('travel'))).toBe(true);
    const skyway = travel.data.find((b) => b.name === 'Skyway Air');
    expect(skyway?.denominations).toEqual({
      type: 'fixed',
      values_in_cents: [5_000, 10_000, 25_000],
    });
    expect(travel.data.find((b) => b.name === 'Railside Journeys')?.state).toBe(
      'temporarily_unavailable',
    );
  });

  it('searches names, taking the search literally', async () => {
    expect(names((await page('?q=coffee')).data)).toEqual(['SBX-harbor-coffee']);
    expect(names((await page('?q=%20PINE%20')).data)).toEqual(['SBX-maple-pine']);
    expect(await page(`?q=${encodeURIComponent('%')}`)).toEqual({ data: [], total_page: 0 });
    expect(await page(`?q=${encodeURIComponent('_')}`)).toEqual({ data: [], total_page: 0 });
  });

  it('answers a page past the end with no brands', async () => {
    expect(await page('?limit=4&page=500')).toEqual({
      data: [],
      total_page: Math.ceil(listed / 4),
    });
  });

  it.each([
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=101', 'limit must be at most 100'],
    ['?page=0', 'page must be at least 1'],
    ['?page=two', 'page must be a number'],
    ['?category=cars', 'category must be featured, team_shop or one of'],
    ['?filter=is_enabled', 'filter must be JSON'],
    [
      `?filter=${encodeURIComponent('{"is_enabled":1}')}`,
      'filter.is_enabled must be true or false',
    ],
    [`?filter=${encodeURIComponent('{"state":"live"}')}`, 'filter may only have is_enabled'],
    [`?q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const response = await brands(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code_description: 'VALIDATION_FAILED' });
    expect(response.json().message).toContain(message);
  });
});

describe('GET /v1/brands/{id} and its images', () => {
  it('answers one brand with its terms, and draws its card art for anyone', async () => {
    const [brand] = (await page('?q=starlight')).data;
    if (!brand) throw new Error('no Starlight Cinemas');
    const one = await call(server.app, 'GET', `/v1/brands/${brand.id}`, undefined, {
      token: person.accessToken,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(brand);
    expect(brand.terms).toContain('expires five years after');
    expect(brand.expiry_policy).toBe('Expires 5 years after issue');
    expect(brand.expiry).toEqual({ type: 'after_issue', months: 60 });

    const url = brand.images.find((i) => i.dimensions === '300w-326ppi')?.url ?? '';
    const image = await call(server.app, 'GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.body).toContain('width="300"');
    expect(image.body).toContain('Starlight Cinemas gift card');
  });

  it('answers 404 for an unknown brand and 400 for a bad id or image size', async () => {
    const unknown = crypto.randomUUID();
    const token = { token: person.accessToken };
    expect(
      (await call(server.app, 'GET', `/v1/brands/${unknown}`, undefined, token)).statusCode,
    ).toBe(404);
    expect(
      (await call(server.app, 'GET', '/v1/brands/not-a-uuid', undefined, token)).statusCode,
    ).toBe(400);
    expect(
      (await call(server.app, 'GET', `/v1/brands/${unknown}/images/300w-326ppi.svg`)).statusCode,
    ).toBe(404);
    const [brand] = (await page('?limit=1')).data;
    const badSize = await call(server.app, 'GET', `/v1/brands/${brand?.id}/images/999w.svg`);
    expect(badSize.statusCode).toBe(400);
  });
});
