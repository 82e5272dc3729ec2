import type { BrandCategory, BrandState } from '@refund/contracts/brands';
import type { GiftCardBarcodeFormat } from '@refund/contracts/giftcards';
import { createHash } from 'node:crypto';
import type {
  BrandArtwork,
  GiftCardCredentials,
  GiftCardIssuer,
  GiftCardOrderResult,
  IssuerBrand,
} from './ports';

/**
 * The sandbox gift card issuer's catalog: made-up brands with card art drawn for the project, in
 * the eight categories, some with open amounts and some with fixed ones, two the issuer cannot
 * fulfil for now. Three brands are magic for testing the purchase (their ids are in the README).
 */

type Denominations = IssuerBrand['denominations'];

const open = (minDollars: number, maxDollars: number, wholeDollars = false): Denominations => ({
  type: 'open',
  minCents: minDollars * 100,
  maxCents: maxDollars * 100,
  wholeDollars,
});
const fixed = (...dollars: number[]): Denominations => ({
  type: 'fixed',
  valuesCents: dollars.map((d) => d * 100),
});

interface Entry {
  slug: string;
  name: string;
  categories: BrandCategory[];
  denominations: Denominations;
  discountBps: number;
  /** What the brand sells, for its description. */
  sells: string;
  where: 'online' | 'in_store' | 'both';
  art: [background: string, accent: string, motif: BrandArtwork['motif']];
  state?: BrandState;
  expires?: boolean;
  /**
   * The barcode on the brand's cards: Code 128 unless said; none on a card spent only online,
   * which no till scans.
   */
  barcode?: GiftCardBarcodeFormat | null;
}

const entries: Entry[] = [
  // Dining
  {
    slug: 'harbor-coffee',
    name: 'Harbor Coffee Co.',
    categories: ['dining'],
    denominations: open(5, 100),
    discountBps: 800,
    sells: 'small-batch coffee, espresso drinks and fresh pastries',
    where: 'both',
    art: ['#3b2416', '#d9a066', 'rings'],
  },
  {
    slug: 'ember-oak-grill',
    name: 'Ember & Oak Grill',
    categories: ['dining'],
    denominations: open(10, 250, true),
    discountBps: 1000,
    sells: 'wood-fired steaks, seafood and seasonal sides',
    where: 'in_store',
    art: ['#5a1a10', '#f2a541', 'sun'],
  },
  {
    slug: 'little-lotus',
    name: 'Little Lotus Noodle Bar',
    categories: ['dining'],
    denominations: open(10, 150),
    discountBps: 900,
    sells: 'hand-pulled noodles, dumplings and bubble tea',
    where: 'both',
    art: ['#f6d6de', '#b0305c', 'waves'],
    barcode: 'qr',
  },
  {
    slug: 'sunday-bakehouse',
    name: 'Sunday Bakehouse',
    categories: ['dining', 'groceries'],
    denominations: open(5, 100),
    discountBps: 700,
    sells: 'sourdough, croissants and celebration cakes',
    where: 'in_store',
    art: ['#fff1d6', '#c8702a', 'stripes'],
  },
  {
    slug: 'brickyard-pizza',
    name: 'Brickyard Pizza',
    categories: ['dining'],
    denominations: fixed(15, 25, 50),
    discountBps: 1100,
    sells: 'brick-oven pizza, salads and delivery to your door',
    where: 'both',
    art: ['#8f1d14', '#ffd166', 'grid'],
  },
  {
    slug: 'green-bowl',
    name: 'Green Bowl Kitchen',
    categories: ['dining'],
    denominations: open(10, 100, true),
    discountBps: 850,
    sells: 'grain bowls, salads and cold-pressed juices',
    where: 'both',
    art: ['#1f5130', '#b8e07a', 'rings'],
  },
  // Groceries
  {
    slug: 'fieldstone-market',
    name: 'Fieldstone Market',
    categories: ['groceries'],
    denominations: open(25, 500),
    discountBps: 400,
    sells: 'groceries, fresh produce and household essentials',
    where: 'both',
    art: ['#2d6a4f', '#f4e285', 'stripes'],
  },
  {
    slug: 'daily-basket',
    name: 'Daily Basket',
    categories: ['groceries'],
    denominations: open(10, 300),
    discountBps: 350,
    sells: 'everyday groceries with same-day delivery',
    where: 'both',
    art: ['#ff8c42', '#2e4057', 'grid'],
  },
  {
    slug: 'orchard-lane',
    name: 'Orchard Lane Grocers',
    categories: ['groceries'],
    denominations: open(25, 250, true),
    discountBps: 450,
    sells: 'local produce, cheeses and specialty foods',
    where: 'in_store',
    art: ['#7a9e3d', '#fef9e7', 'sun'],
  },
  {
    slug: 'pantry-plus',
    name: 'Pantry Plus',
    categories: ['groceries'],
    denominations: fixed(25, 50, 100),
    discountBps: 300,
    sells: 'pantry staples in bulk at warehouse prices',
    where: 'both',
    art: ['#14365d', '#f6c90e', 'stripes'],
  },
  {
    slug: 'tidewater-fish',
    name: 'Tidewater Fish Market',
    categories: ['groceries', 'dining'],
    denominations: open(20, 200),
    discountBps: 600,
    sells: 'fresh-caught seafood and a raw bar',
    where: 'in_store',
    art: ['#0b4f6c', '#9ad1d4', 'waves'],
  },
  // Fashion
  {
    slug: 'northwind-outfitters',
    name: 'Northwind Outfitters',
    categories: ['fashion', 'sports'],
    denominations: open(25, 500),
    discountBps: 1200,
    sells: 'outerwear, boots and everyday layers',
    where: 'both',
    art: ['#1d3557', '#a8dadc', 'waves'],
  },
  {
    slug: 'thread-needle',
    name: 'Thread & Needle',
    categories: ['fashion'],
    denominations: open(20, 300),
    discountBps: 1000,
    sells: 'tailored shirts, dresses and alterations',
    where: 'both',
    art: ['#2b2d42', '#ef233c', 'stripes'],
  },
  {
    slug: 'avenue-nine',
    name: 'Avenue Nine',
    categories: ['fashion'],
    denominations: open(25, 500, true),
    discountBps: 1100,
    sells: 'designer fashion, handbags and accessories',
    where: 'online',
    art: ['#111111', '#e0c097', 'grid'],
  },
  {
    slug: 'cobalt-denim',
    name: 'Cobalt Denim',
    categories: ['fashion'],
    denominations: fixed(25, 50, 75, 100),
    discountBps: 900,
    sells: 'jeans, jackets and denim made to last',
    where: 'both',
    art: ['#1b3a8c', '#cfd8f2', 'stripes'],
  },
  {
    slug: 'linen-house',
    name: 'Linen House',
    categories: ['fashion', 'home'],
    denominations: open(20, 250),
    discountBps: 800,
    sells: 'linen clothing, robes and bedding',
    where: 'online',
    art: ['#e9e4d8', '#6b705c', 'waves'],
  },
  {
    slug: 'stride-shoe',
    name: 'Stride Shoe Co.',
    categories: ['fashion', 'sports'],
    denominations: open(25, 300),
    discountBps: 950,
    sells: 'running shoes, sneakers and work boots',
    where: 'both',
    art: ['#e63946', '#f1faee', 'sun'],
  },
  // Electronics
  {
    slug: 'voltline',
    name: 'Voltline Electronics',
    categories: ['electronics'],
    denominations: open(25, 1000),
    discountBps: 300,
    sells: 'laptops, TVs, phones and smart home gear',
    where: 'both',
    art: ['#0d1b2a', '#00e5ff', 'grid'],
  },
  {
    slug: 'pixel-harbor',
    name: 'Pixel Harbor',
    categories: ['electronics'],
    denominations: fixed(25, 50, 100),
    discountBps: 400,
    sells: 'cameras, lenses and photo printing',
    where: 'online',
    art: ['#22223b', '#f2e9e4', 'rings'],
  },
  {
    slug: 'circuit-street',
    name: 'Circuit Street',
    categories: ['electronics'],
    denominations: open(20, 500),
    discountBps: 350,
    sells: 'computer parts, cables and repairs',
    where: 'both',
    art: ['#264653', '#e9c46a', 'grid'],
  },
  {
    slug: 'bright-audio',
    name: 'Bright Audio',
    categories: ['electronics', 'entertainment'],
    denominations: open(25, 400, true),
    discountBps: 500,
    sells: 'headphones, speakers and turntables',
    where: 'online',
    art: ['#3a0ca3', '#f72585', 'waves'],
    state: 'temporarily_unavailable',
  },
  {
    slug: 'game-vault',
    name: 'Game Vault',
    categories: ['electronics', 'entertainment'],
    denominations: fixed(10, 25, 50, 100),
    discountBps: 600,
    sells: 'video games, consoles and collectibles',
    where: 'both',
    art: ['#240046', '#7cf29c', 'grid'],
  },
  // Home & Garden
  {
    slug: 'maple-pine',
    name: 'Maple & Pine Home',
    categories: ['home'],
    denominations: open(25, 500),
    discountBps: 1000,
    sells: 'furniture, rugs and lighting',
    where: 'both',
    art: ['#7f5539', '#ede0d4', 'stripes'],
  },
  {
    slug: 'hearth-supply',
    name: 'Hearth Supply',
    categories: ['home'],
    denominations: open(20, 300),
    discountBps: 900,
    sells: 'cookware, tableware and kitchen tools',
    where: 'both',
    art: ['#9c2c1e', '#fcd5ce', 'sun'],
  },
  {
    slug: 'greenleaf-garden',
    name: 'Greenleaf Garden Center',
    categories: ['home'],
    denominations: open(15, 250, true),
    discountBps: 1100,
    sells: 'plants, seeds, soil and garden tools',
    where: 'in_store',
    art: ['#386641', '#a7c957', 'rings'],
    barcode: 'pdf417',
  },
  {
    slug: 'casa-linens',
    name: 'Casa Linens',
    categories: ['home'],
    denominations: fixed(25, 50, 100, 150),
    discountBps: 950,
    sells: 'sheets, towels and table linens',
    where: 'online',
    art: ['#5e6472', '#ffd6a5', 'waves'],
  },
  {
    slug: 'workshop-hardware',
    name: 'Workshop Hardware',
    categories: ['home'],
    denominations: open(10, 500),
    discountBps: 500,
    sells: 'tools, paint and hardware for every project',
    where: 'both',
    art: ['#ff7b00', '#1b1b1b', 'grid'],
  },
  // Entertainment
  {
    slug: 'starlight-cinemas',
    name: 'Starlight Cinemas',
    categories: ['entertainment'],
    denominations: fixed(25, 50),
    discountBps: 1000,
    sells: 'movie tickets, popcorn and premium seats',
    where: 'both',
    art: ['#10002b', '#ffd60a', 'sun'],
    expires: true,
  },
  {
    slug: 'reel-time',
    name: 'Reel Time Streaming',
    categories: ['entertainment'],
    denominations: fixed(15, 30, 60),
    discountBps: 700,
    sells: 'films and series to stream, ad-free',
    where: 'online',
    art: ['#03071e', '#e85d04', 'waves'],
  },
  {
    slug: 'paperback-row',
    name: 'Paperback Row Books',
    categories: ['entertainment'],
    denominations: open(10, 200),
    discountBps: 800,
    sells: 'books, audiobooks and stationery',
    where: 'both',
    art: ['#6d597a', '#eaac8b', 'stripes'],
  },
  {
    slug: 'arcade-alley',
    name: 'Arcade Alley',
    categories: ['entertainment'],
    denominations: open(10, 100, true),
    discountBps: 1200,
    sells: 'arcade games, bowling and birthday parties',
    where: 'in_store',
    art: ['#ff006e', '#3a86ff', 'grid'],
  },
  {
    slug: 'live-note',
    name: 'Live Note Tickets',
    categories: ['entertainment'],
    denominations: fixed(50, 100, 200),
    discountBps: 600,
    sells: 'concert, theater and comedy tickets',
    where: 'online',
    art: ['#14213d', '#fca311', 'rings'],
  },
  // Travel
  {
    slug: 'skyway-air',
    name: 'Skyway Air',
    categories: ['travel'],
    denominations: fixed(50, 100, 250),
    discountBps: 300,
    sells: 'flights to over 100 cities',
    where: 'online',
    art: ['#023e8a', '#caf0f8', 'waves'],
    expires: true,
  },
  {
    slug: 'coastline-stays',
    name: 'Coastline Stays',
    categories: ['travel'],
    denominations: open(50, 1000, true),
    discountBps: 600,
    sells: 'beach houses, cabins and city apartments',
    where: 'online',
    art: ['#0096c7', '#fff3b0', 'sun'],
  },
  {
    slug: 'roadtrip-rentals',
    name: 'Roadtrip Rentals',
    categories: ['travel'],
    denominations: open(25, 500),
    discountBps: 500,
    sells: 'car and van rentals, one way or round trip',
    where: 'both',
    art: ['#e76f51', '#264653', 'stripes'],
  },
  {
    slug: 'summit-lodges',
    name: 'Summit Lodges',
    categories: ['travel', 'sports'],
    denominations: fixed(100, 250, 500),
    discountBps: 700,
    sells: 'mountain lodges, lift passes and spa days',
    where: 'both',
    art: ['#1d3557', '#f1faee', 'sun'],
  },
  {
    slug: 'railside-journeys',
    name: 'Railside Journeys',
    categories: ['travel'],
    denominations: open(25, 400),
    discountBps: 400,
    sells: 'scenic rail trips and sleeper cabins',
    where: 'online',
    art: ['#432818', '#ffe6a7', 'stripes'],
    state: 'temporarily_unavailable',
  },
  // Sports & Outdoors
  {
    slug: 'trailhead-outdoor',
    name: 'Trailhead Outdoor',
    categories: ['sports', 'travel'],
    denominations: open(25, 500),
    discountBps: 1000,
    sells: 'camping, hiking and paddling gear',
    where: 'both',
    art: ['#283618', '#dda15e', 'rings'],
  },
  {
    slug: 'fairway-golf',
    name: 'Fairway Golf Shop',
    categories: ['sports'],
    denominations: open(25, 400, true),
    discountBps: 800,
    sells: 'clubs, balls and tee times',
    where: 'both',
    art: ['#2d6a4f', '#ffffff', 'waves'],
  },
  {
    slug: 'peak-climbing',
    name: 'Peak Climbing Co.',
    categories: ['sports'],
    denominations: fixed(25, 50, 100),
    discountBps: 900,
    sells: 'climbing gym passes, ropes and shoes',
    where: 'both',
    art: ['#6a040f', '#ffba08', 'sun'],
  },
  {
    slug: 'court-field',
    name: 'Court & Field Sports',
    categories: ['sports'],
    denominations: open(20, 300),
    discountBps: 700,
    sells: 'team sports equipment and jerseys',
    where: 'both',
    art: ['#003049', '#fcbf49', 'stripes'],
  },
  {
    slug: 'riverbend-bikes',
    name: 'Riverbend Bikes',
    categories: ['sports'],
    denominations: open(25, 1000),
    discountBps: 600,
    sells: 'bicycles, e-bikes and tune-ups',
    where: 'in_store',
    art: ['#118ab2', '#ffd166', 'rings'],
  },
  // The sports merchant's team shops (the Sports Gift Card screen): invented teams.
  {
    slug: 'hometown-hawks-team-shop',
    name: 'Hometown Hawks Team Shop',
    categories: ['sports'],
    denominations: fixed(25, 50, 100),
    discountBps: 1000,
    sells: 'Hometown Hawks jerseys, caps and game-day fan gear',
    where: 'both',
    art: ['#7a1f1f', '#f5c542', 'stripes'],
  },
  {
    slug: 'lakeside-lumberjacks-team-shop',
    name: 'Lakeside Lumberjacks Team Shop',
    categories: ['sports'],
    denominations: open(10, 250, true),
    discountBps: 800,
    sells: 'Lakeside Lumberjacks hoodies, scarves and signed memorabilia',
    where: 'both',
    art: ['#1e4d2b', '#e8e2d0', 'grid'],
  },
  {
    slug: 'bayview-herons-team-shop',
    name: 'Bayview Herons Team Shop',
    categories: ['sports'],
    denominations: open(15, 500),
    discountBps: 600,
    sells: 'Bayview Herons jerseys, pennants and kids’ fan kits',
    where: 'online',
    art: ['#0a3d62', '#82ccdd', 'waves'],
  },
  // Magic brands for testing the purchase (README): declined, out of stock, stays processing.
  {
    slug: 'sandbox-declined',
    name: 'Sandbox Declined',
    categories: ['entertainment'],
    denominations: open(5, 500),
    discountBps: 500,
    sells: 'nothing: every order is declined by the issuer',
    where: 'online',
    art: ['#6c757d', '#f8f9fa', 'grid'],
  },
  {
    slug: 'sandbox-out-of-stock',
    name: 'Sandbox Out of Stock',
    categories: ['fashion'],
    denominations: open(5, 500),
    discountBps: 500,
    sells: 'nothing: every order finds the brand out of stock',
    where: 'online',
    art: ['#495057', '#ffc9c9', 'grid'],
  },
  {
    slug: 'sandbox-processing',
    name: 'Sandbox Processing',
    categories: ['groceries'],
    denominations: open(5, 500),
    discountBps: 500,
    sells: 'nothing: every order stays processing',
    where: 'online',
    art: ['#343a40', '#d0ebff', 'grid'],
  },
];

/** The sandbox brand ids that test the purchase's failures (README). */
export const sandboxGiftCardBrands = {
  declined: 'SBX-sandbox-declined',
  outOfStock: 'SBX-sandbox-out-of-stock',
  processing: 'SBX-sandbox-processing',
} as const;

/** The sandbox demo's merchandising: brands featured on the promotion page, and ones switched off. */
export const sandboxFeaturedBrands = [
  'SBX-harbor-coffee',
  'SBX-northwind-outfitters',
  'SBX-fieldstone-market',
  'SBX-voltline',
  'SBX-maple-pine',
  'SBX-starlight-cinemas',
  'SBX-trailhead-outdoor',
  'SBX-coastline-stays',
  'SBX-little-lotus',
];
export const sandboxDisabledBrands = [
  'SBX-linen-house',
  'SBX-tidewater-fish',
  'SBX-circuit-street',
];
/** The sandbox demo's earn-rewards offers (EARN_REWARDS_OFFERS): the brands' own rewards. */
export const sandboxEarnRewardOffers = [
  { providerBrandId: 'SBX-harbor-coffee', rewardBps: 1_500 },
  { providerBrandId: 'SBX-trailhead-outdoor', rewardBps: 1_000 },
  { providerBrandId: 'SBX-starlight-cinemas', rewardBps: 800 },
];
/** The sandbox demo's team shops of the sports merchant (GIFT_CARD_TEAM_SHOP_BRANDS). */
export const sandboxTeamShopBrands = [
  'SBX-hometown-hawks-team-shop',
  'SBX-lakeside-lumberjacks-team-shop',
  'SBX-bayview-herons-team-shop',
];

const monogramOf = (name: string) =>
  name
    .replace(/&/g, ' ')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word) && !['Co.', 'and', 'the'].includes(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

const whereText = { online: 'online', in_store: 'in store', both: 'online and in store' } as const;

function toIssuerBrand(entry: Entry): IssuerBrand {
  return {
    providerBrandId: `SBX-${entry.slug}`,
    name: entry.name,
    description: `${entry.name} gift cards can be spent ${whereText[entry.where]} on ${entry.sells}.`,
    terms: [
      `This gift card is issued by ${entry.name} and can be used ${whereText[entry.where]} in the United States.`,
      'It cannot be exchanged for cash except where the law requires it, and cannot be reloaded.',
      'Treat it like cash: a lost or stolen card cannot be replaced.',
      entry.expires
        ? 'The balance expires five years after the card is issued.'
        : 'The balance never expires and no fees apply.',
    ].join(' '),
    categories: entry.categories,
    denominations: entry.denominations,
    discountBps: entry.discountBps,
    redeemableOnline: entry.where !== 'in_store',
    redeemableInStore: entry.where !== 'online',
    expiry: entry.expires ? { type: 'after_issue', months: 60 } : { type: 'never' },
    balanceCheckUrl: `https://balance.giftcards.example/${entry.slug}`,
    state: entry.state ?? 'live',
    artwork: {
      background: entry.art[0],
      accent: entry.art[1],
      motif: entry.art[2],
      monogram: monogramOf(entry.name),
    },
  };
}

/** The sandbox's catalog, as the issuer would answer it. */
export const sandboxGiftCardCatalog: readonly IssuerBrand[] = entries.map(toIssuerBrand);

/** The barcode symbology of each brand's cards, by its issuer id (null: its cards have none). */
const barcodeFormats = new Map(
  entries.map((entry): [string, GiftCardBarcodeFormat | null] => [
    `SBX-${entry.slug}`,
    entry.barcode !== undefined ? entry.barcode : entry.where === 'online' ? null : 'code128',
  ]),
);

/** The barcode symbology of a sandbox brand's cards (README); null for one without a barcode. */
export const sandboxBarcodeFormat = (providerBrandId: string): GiftCardBarcodeFormat | null =>
  barcodeFormats.get(providerBrandId) ?? null;

/**
 * The sandbox's cards: made from the order's reference, so the same order always has the same
 * card, and a restarted server still answers for orders placed before it.
 */
function sandboxCredentials(
  reference: string,
  brand: IssuerBrand | undefined,
): GiftCardCredentials {
  const digest = createHash('sha256').update(`sandbox-gift-card:${reference}`).digest('hex');
  const digits = BigInt(`0x${digest.slice(0, 15)}`)
    .toString()
    .padStart(16, '0')
    .slice(0, 16);
  const barcodeFormat = brand ? sandboxBarcodeFormat(brand.providerBrandId) : null;
  const expiry = brand?.expiry;
  return {
    code: digits.replace(/(\d{4})(?=\d)/g, '$1-'),
    pin: String(parseInt(digest.slice(15, 21), 16) % 10_000).padStart(4, '0'),
    url: `https://redeem.giftcards.example/${brand ? brand.providerBrandId.slice(4) : 'card'}/${digest.slice(0, 12)}`,
    barcode: barcodeFormat ? digits : null,
    barcodeFormat,
    expiresAt:
      expiry?.type === 'after_issue'
        ? new Date(Date.now() + (expiry.months / 12) * 365 * 86_400_000).toISOString()
        : null,
  };
}

/**
 * The sandbox issuer. An order is processing, then issued `fulfilSeconds` after it was placed; the
 * magic brands are declined, out of stock, or processing for ever. The order id carries what the
 * answer depends on (reference, brand, when), so any process answers for it.
 */
export function createSandboxGiftCardIssuer(options: { fulfilSeconds: number }): GiftCardIssuer {
  const byProvider = new Map(sandboxGiftCardCatalog.map((brand) => [brand.providerBrandId, brand]));
  /** Orders by reference: ordering again with a reference answers the same order. */
  const placed = new Map<string, string>();

  function statusOf(issuerOrderId: string): GiftCardOrderResult {
    const [, reference, placedAt, ...brandParts] = issuerOrderId.split('~');
    const providerBrandId = brandParts.join('~');
    const brand = byProvider.get(providerBrandId);
    if (!reference || !placedAt || !brand) return { status: 'failed', reason: 'No such order.' };
    if (providerBrandId === sandboxGiftCardBrands.processing) {
      return { status: 'processing', issuerOrderId };
    }
    if (Date.now() < Number(placedAt) + options.fulfilSeconds * 1000) {
      return { status: 'processing', issuerOrderId };
    }
    return { status: 'issued', issuerOrderId, credentials: sandboxCredentials(reference, brand) };
  }

  return {
    async catalog() {
      return sandboxGiftCardCatalog.map((brand) => structuredClone(brand));
    },
    async order({ reference, providerBrandId, amountCents }) {
      const brand = byProvider.get(providerBrandId);
      if (!brand || brand.state !== 'live') {
        return { status: 'failed', reason: 'The issuer cannot supply this brand right now.' };
      }
      if (providerBrandId === sandboxGiftCardBrands.declined) {
        return { status: 'failed', reason: 'The gift card issuer declined the order.' };
      }
      if (providerBrandId === sandboxGiftCardBrands.outOfStock) {
        return { status: 'failed', reason: 'This gift card is out of stock at the issuer.' };
      }
      const d = brand.denominations;
      const fits =
        d.type === 'fixed'
          ? d.valuesCents.includes(amountCents)
          : amountCents >= d.minCents && amountCents <= d.maxCents;
      if (!fits) return { status: 'failed', reason: 'The issuer does not sell this amount.' };
      let id = placed.get(reference);
      if (!id) {
        id = `SBXO~${reference}~${Date.now()}~${providerBrandId}`;
        placed.set(reference, id);
      }
      return statusOf(id);
    },
    async orderStatus(issuerOrderId) {
      return statusOf(issuerOrderId);
    },
  };
}
