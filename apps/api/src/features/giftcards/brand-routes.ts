import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandImageDimensions,
  brandListQuerySchema,
  brandListSchema,
  brandParamsSchema,
  brandSchema,
  giftCardQuoteRequestSchema,
  giftCardQuoteSchema,
  giftCardValueQuerySchema,
  giftCardValueSchema,
} from '@refund/contracts/brands';
import { errorBodySchema } from '@refund/contracts/errors';
import type { Db } from '../../db/database';
import { brandArtSvg } from './brand-art';
import { encodedBody, type BrandCatalog, type CatalogAnswer } from './brand-catalog';
import { preferredEncoding } from '../../http/content-encoding';
import { brandArt, brandView, findBrand } from './brands';
import type { GiftCardQuotes } from './quotes';

export interface BrandRoutesOptions {
  db: Db;
  quotes: GiftCardQuotes;
  catalog: BrandCatalog;
}

const imageParamsSchema = brandParamsSchema.extend({
  image: z.enum(brandImageDimensions.map((d) => `${d}.svg`) as [string, ...string[]], {
    error: `image must be one of ${brandImageDimensions.map((d) => `${d}.svg`).join(', ')}`,
  }),
});

const svgSchema = z.string().meta({ description: 'The card art, SVG' });

/** Drawn by the product: nothing in them runs, and they may change when the catalog syncs. */
const imageHeaders = {
  'cache-control': 'public, max-age=86400',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** The list each request of GET /brands is answered with, for its compression on the way out. */
const answers = new WeakMap<object, CatalogAnswer>();

export const brandRoutes: FastifyPluginAsync<BrandRoutesOptions> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 401: errorBodySchema };

  r.get(
    '/brands',
    {
      config: { auth: 'customer' },
      // The kept JSON goes out compressed where the client takes it, compressed once.
      onSend: (request, reply, payload, done) => {
        const answer = answers.get(request);
        const coding = preferredEncoding(request.headers['accept-encoding']);
        if (!answer || payload !== answer.body || coding === 'identity') {
          done(null, payload);
          return;
        }
        void reply.header('content-encoding', coding);
        done(null, encodedBody(answer, coding));
      },
      schema: {
        tags: ['gift cards'],
        summary:
          'Gift card brands: a page of `limit`, by category (`featured`, `team_shop` for the sports merchant\'s team-shop gift cards that are offered, or a category), `filter` as JSON ({"is_enabled":true}), `q` to search names',
        querystring: brandListQuerySchema,
        response: { 200: brandListSchema, 304: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await options.catalog.list(request.query);
      // The same for every customer and kept until the catalog changes: a client that has this
      // list already is told so, without it.
      void reply
        .header('etag', answer.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send(undefined);
      answers.set(request, answer);
      // Its JSON was made once for every customer asking for this list; not made again.
      return reply.serializer(() => answer.body).send(answer.list);
    },
  );

  r.get(
    '/brands/:brand_id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary: 'One gift card brand: its terms, amounts and cashback',
        params: brandParamsSchema,
        response: { 200: brandSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => brandView(await findBrand(options.db, request.params.brand_id)),
  );

  r.get(
    '/brands/:brand_id/value',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary:
          "What a gift card of `amount_in_cents` is worth now: the figures a quote would lock (cashback, the brand's reward, the total), without locking them",
        params: brandParamsSchema,
        querystring: giftCardValueQuerySchema,
        response: {
          200: giftCardValueSchema,
          ...errors,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => options.quotes.value(request.params.brand_id, request.query.amount_in_cents),
  );

  r.post(
    '/giftcards/quotes',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['gift cards'],
        summary:
          'A price-locked quote for a gift card: its cashback, held for the customer to confirm until it expires',
        body: giftCardQuoteRequestSchema,
        response: {
          201: giftCardQuoteSchema,
          ...errors,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const quote = await options.quotes.create(request.customer.userId, request.body);
      return reply.status(201).send(quote);
    },
  );

  r.get(
    '/brands/:brand_id/images/:image',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['gift cards'],
        summary: "A brand's card art, drawn for the product (public, for image tags)",
        params: imageParamsSchema,
        produces: ['image/svg+xml'],
        response: { 200: svgSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { name, artwork } = await brandArt(options.db, request.params.brand_id);
      const dimensions = request.params.image.replace(
        /\.svg$/,
        '',
      ) as (typeof brandImageDimensions)[number];
      return reply
        .headers(imageHeaders)
        .type('image/svg+xml; charset=utf-8')
        .send(brandArtSvg(name, artwork, dimensions));
    },
  );
};
