import { randomBytes } from 'node:crypto';
import {
  sendJson,
  startStubHttpServer,
  type RecordedRequest,
  type StubHttpServer,
  type StubResponder,
} from './stub-http-server';

/**
 * A local stand-in for the part of Stripe Issuing the prepaid card adapter uses: cardholders,
 * virtual cards with an all-time spending limit, their transactions and pending authorizations,
 * form-encoded bodies, Bearer keys, and Idempotency-Key replay (same key, same answer).
 */
export interface StripeIssuingStub extends StubHttpServer {
  apiKey: string;
  cards: Map<string, StubCard>;
  /** Stripe's answer as this stand-in gives it, for a test's responder to pass requests on to. */
  respond: StubResponder;
  /** Records a purchase on a card: captured (a transaction) or still pending (an authorization). */
  spend(cardId: string, cents: number, options?: { pending?: boolean }): void;
}

interface StubCard {
  id: string;
  cardholder: string;
  status: 'inactive' | 'active' | 'canceled';
  last4: string;
  number: string;
  cvc: string;
  exp_month: number;
  exp_year: number;
  limit: number;
  metadata: Record<string, string>;
  transactions: number[];
  authorizations: number[];
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startStripeIssuingStub(
  options: { refuseAmountCents?: number } = {},
): Promise<StripeIssuingStub> {
  const apiKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const cardholders = new Set<string>();
  const cards = new Map<string, StubCard>();
  const replays = new Map<string, { status: number; body: unknown }>();

  const view = (card: StubCard, expand: string[] = []) => ({
    id: card.id,
    object: 'issuing.card',
    cardholder: card.cardholder,
    status: card.status,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    metadata: card.metadata,
    spending_controls: { spending_limits: [{ amount: card.limit, interval: 'all_time' }] },
    ...(expand.includes('number') ? { number: card.number } : {}),
    ...(expand.includes('cvc') ? { cvc: card.cvc } : {}),
  });

  const route = (request: RecordedRequest): { status: number; body: unknown } => {
    const url = new URL(request.path, 'http://stub');
    const fields = new URLSearchParams(request.body);
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/issuing/cardholders') {
      const cardholder = id('ich');
      cardholders.add(cardholder);
      return { status: 200, body: { id: cardholder, object: 'issuing.cardholder' } };
    }
    if (request.method === 'POST' && path === '/v1/issuing/cards') {
      const cardholder = fields.get('cardholder') ?? '';
      if (!cardholders.has(cardholder)) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing' } },
        };
      }
      const limit = Number(fields.get('spending_controls[spending_limits][0][amount]'));
      if (limit === options.refuseAmountCents) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'balance_insufficient' } },
        };
      }
      const digits = `4242${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
      const card: StubCard = {
        id: id('ic'),
        cardholder,
        status: fields.get('status') === 'active' ? 'active' : 'inactive',
        last4: digits.slice(-4),
        number: digits,
        cvc: String(100 + Math.floor(Math.random() * 900)),
        exp_month: 11,
        exp_year: new Date().getUTCFullYear() + 3,
        limit,
        metadata: { reference: fields.get('metadata[reference]') ?? '' },
        transactions: [],
        authorizations: [],
      };
      cards.set(card.id, card);
      return { status: 200, body: view(card) };
    }
    if (request.method === 'GET' && path === '/v1/issuing/cards') {
      const mine = [...cards.values()].filter(
        (c) => c.cardholder === url.searchParams.get('cardholder'),
      );
      const after = url.searchParams.get('starting_after');
      const from = after ? mine.findIndex((c) => c.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const page = mine.slice(from, from + limit);
      return {
        status: 200,
        body: { data: page.map((c) => view(c)), has_more: from + limit < mine.length },
      };
    }
    const one = /^\/v1\/issuing\/cards\/([^/]+)$/.exec(path);
    if (one) {
      const card = cards.get(decodeURIComponent(one[1] ?? ''));
      if (!card)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing' } },
        };
      if (request.method === 'POST') {
        const status = fields.get('status');
        if (status === 'active' || status === 'inactive' || status === 'canceled')
          card.status = status;
      }
      return { status: 200, body: view(card, url.searchParams.getAll('expand[]')) };
    }
    if (
      request.method === 'GET' &&
      (path === '/v1/issuing/transactions' || path === '/v1/issuing/authorizations')
    ) {
      const card = cards.get(url.searchParams.get('card') ?? '');
      const rows = path.endsWith('transactions')
        ? (card?.transactions ?? []).map((amount) => ({ amount: -amount }))
        : (card?.authorizations ?? []).map((amount) => ({ amount }));
      return { status: 200, body: { data: rows, has_more: false } };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'unknown_path' } },
    };
  };

  const respond: StubResponder = (request, response) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      sendJson(response, 401, {
        error: { type: 'invalid_request_error', code: 'api_key_invalid' },
      });
      return;
    }
    const key = request.headers['idempotency-key'];
    const replay = typeof key === 'string' ? replays.get(`${request.path} ${key}`) : undefined;
    const answer = replay ?? route(request);
    if (typeof key === 'string') replays.set(`${request.path} ${key}`, answer);
    sendJson(response, answer.status, answer.body);
  };
  const server = await startStubHttpServer(respond);

  return Object.assign(server, {
    apiKey,
    respond,
    cards,
    spend(cardId: string, cents: number, spendOptions: { pending?: boolean } = {}) {
      const card = cards.get(cardId);
      if (!card) throw new Error(`No card ${cardId}`);
      (spendOptions.pending ? card.authorizations : card.transactions).push(cents);
    },
  });
}
