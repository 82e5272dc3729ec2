import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { declareRouteAuth } from './route-auth';

const alex = { userId: '5d0c1c3e-2b7a-4f55-9d0e-6a1f3c2b9e10', sessionId: 'session' };

let app: FastifyInstance;

function appWithRouteAuth(): FastifyInstance {
  app = Fastify();
  declareRouteAuth(app, {
    customer: async () => alex,
    merchant: async () => ({ id: 'merchant', name: 'Summit Sports' }),
  });
  return app;
}

afterEach(() => app.close());

describe('declareRouteAuth', () => {
  it('refuses to start when a route declares no auth', async () => {
    appWithRouteAuth().register(async (feature) => {
      feature.get('/forgotten', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/forgotten declares no auth/);
  });

  it('hands the handler of a customer route the signed-in customer', async () => {
    appWithRouteAuth().get('/mine', { config: { auth: 'customer' } }, async (request) => ({
      user: request.customer.userId,
    }));
    const response = await app.inject({ method: 'GET', url: '/mine' });
    expect(response.json()).toEqual({ user: alex.userId });
  });

  it('fails a handler that reads a customer its route never declared, rather than guessing one', async () => {
    appWithRouteAuth().get('/public', { config: { auth: 'none' } }, async (request) => ({
      user: request.customer.userId,
    }));
    const response = await app.inject({ method: 'GET', url: '/public' });
    expect(response.statusCode).toBe(500);
  });
});
