import { randomBytes } from 'node:crypto';
import { sendJson, startStubHttpServer, type StubHttpServer } from './stub-http-server';

/**
 * A local stand-in for Runa's Payouts API, as documented: products, orders in asynchronous mode
 * (processing, then completed `completeAfterMs` later) de-duplicated by X-Idempotency-Key, and
 * orders by id. Product FAIL-US is refused (HTTP 400); a wrong API key gets 401.
 */
export interface RunaStub extends StubHttpServer {
  apiKey: string;
  /** Orders placed, by idempotency key. */
  orders: Map<string, { id: string; product: string; faceValue: number; placedAt: number }>;
  /** The next calls answer with this HTTP status instead (an outage), then it is cleared. */
  failNext(status: number, times?: number): void;
}

export const runaStubProducts = [
  {
    code: 'COFFEE-US',
    name: 'Corner Coffee',
    image_url: 'https://cdn.runa.example/coffee.png',
    denomination_type: 'open',
    categories: [{ code: 'restaurants', name: 'Restaurants' }],
    minimum_value: 5,
    maximum_value: 200,
    available_denominations: [10, 25, 50],
    discount_multiplier: 0.08,
    price_multiplier: 0.92,
  },
  {
    code: 'STREAM-US',
    name: 'Stream Plus',
    image_url: 'https://cdn.runa.example/stream.png',
    denomination_type: 'fixed',
    categories: [{ code: 'entertainment', name: 'Entertainment' }],
    available_denominations: ['15.00', '30.00'],
    discount_multiplier: '0.05',
    price_multiplier: '0.95',
    is_orderable: false,
  },
  { code: 'BROKEN-US', name: 'Broken', denomination_type: 'open', discount_multiplier: 0.1 },
  {
    code: 'FAIL-US',
    name: 'Refused Goods',
    denomination_type: 'open',
    categories: [{ code: 'unknown-category', name: 'Other' }],
    minimum_value: 1,
    maximum_value: 100,
    discount_multiplier: 0.02,
  },
];

export async function startRunaStub(options: { completeAfterMs?: number } = {}): Promise<RunaStub> {
  const apiKey = `runa_test_${randomBytes(8).toString('hex')}`;
  const orders: RunaStub['orders'] = new Map();
  const byId = new Map<string, string>();
  let failing: { status: number; times: number } | null = null;
  const completeAfterMs = options.completeAfterMs ?? 200;

  const orderBody = (order: { id: string; faceValue: number; placedAt: number }) => {
    const done = Date.now() >= order.placedAt + completeAfterMs;
    return {
      id: order.id,
      status: done ? 'COMPLETED' : 'PROCESSING',
      currency: 'USD',
      items: [
        {
          id: `E-${order.id.slice(2)}`,
          face_value: String(order.faceValue),
          payout: done
            ? {
                status: 'ACTIVE',
                url: `https://link.runa.example/p/${order.id}`,
                expiry_date: '2031-01-01T00:00:00Z',
              }
            : null,
        },
      ],
    };
  };

  const server = await startStubHttpServer((request, response) => {
    if (request.headers['x-api-key'] !== apiKey)
      return sendJson(response, 401, { message: 'Unauthorized' });
    if (failing) {
      const { status } = failing;
      failing.times -= 1;
      if (failing.times <= 0) failing = null;
      return sendJson(response, status, { message: 'Unavailable' });
    }
    const url = new URL(request.path, 'http://stub');
    if (request.method === 'GET' && url.pathname === '/v2/product') {
      return sendJson(response, 200, runaStubProducts);
    }
    if (request.method === 'POST' && url.pathname === '/v2/order') {
      const key = String(request.headers['x-idempotency-key'] ?? '');
      const body = JSON.parse(request.body) as {
        items: { face_value: number; products: { value: string } }[];
      };
      const item = body.items[0];
      if (!key || !item) return sendJson(response, 400, { message: 'Bad request' });
      if (item.products.value === 'FAIL-US') {
        return sendJson(response, 400, { message: 'Product not available' });
      }
      let order = orders.get(key);
      if (!order) {
        order = {
          id: `O-${randomBytes(8).toString('hex').toUpperCase()}`,
          product: item.products.value,
          faceValue: item.face_value,
          placedAt: Date.now(),
        };
        orders.set(key, order);
        byId.set(order.id, key);
      }
      return sendJson(response, 200, orderBody(order));
    }
    const match = /^\/v2\/order\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const key = byId.get(decodeURIComponent(match[1] ?? ''));
      const order = key ? orders.get(key) : undefined;
      return order
        ? sendJson(response, 200, orderBody(order))
        : sendJson(response, 404, { message: 'Not found' });
    }
    return sendJson(response, 404, { message: 'Not found' });
  });

  return {
    ...server,
    apiKey,
    orders,
    failNext(status, times = 1) {
      failing = { status, times };
    },
  };
}
