import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBankAccountRequestSchema,
  bankAccountListSchema,
  bankAccountSchema,
  bankLinkExchangeRequestSchema,
  bankLinkSessionSchema,
} from '@refund/contracts/banks';
import { errorBodySchema } from '@refund/contracts/errors';
import type { Authenticator } from '../auth/authenticate';
import type { BankAccounts } from './bank-accounts';
import type { BankLinks } from './bank-links';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};
const security = [{ bearer: [] }];

export const bankRoutes: FastifyPluginAsync<{
  accounts: BankAccounts;
  links: BankLinks;
  authenticator: Authenticator;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, links, authenticator } = options;

  r.post(
    '/bank-accounts',
    {
      schema: {
        tags: ['bank accounts'],
        summary: 'Add a bank account by routing and account number (the number is sealed)',
        security,
        body: addBankAccountRequestSchema,
        response: { 201: bankAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await authenticator.principal(request);
      const body = request.body;
      const account = await accounts.add(userId, {
        routingNumber: body.routing_number,
        accountNumber: body.account_number,
        accountType: body.account_type,
        holderName: body.account_holder_name,
        source: 'manual',
      });
      return reply.status(201).send(account);
    },
  );

  r.get(
    '/bank-accounts',
    {
      schema: {
        tags: ['bank accounts'],
        summary: "The customer's bank accounts, newest first",
        security,
        response: { 200: bankAccountListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await accounts.list((await authenticator.principal(request)).userId),
    }),
  );

  r.delete(
    '/bank-accounts/:id',
    {
      schema: {
        tags: ['bank accounts'],
        summary: 'Remove a bank account; someone else’s answers 404',
        security,
        params: z.object({ id: z.uuid({ error: 'id must be a UUID' }) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.remove((await authenticator.principal(request)).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/bank-link/sessions',
    {
      schema: {
        tags: ['bank accounts'],
        summary: "Start bank linking: send the customer to redirect_url (the provider's page)",
        security,
        response: { 201: bankLinkSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await authenticator.principal(request);
      return reply.status(201).send(await links.start(userId));
    },
  );

  r.post(
    '/bank-link/exchange',
    {
      schema: {
        tags: ['bank accounts'],
        summary:
          'Finish bank linking with the code and state the provider returned; each code works once',
        security,
        body: bankLinkExchangeRequestSchema,
        response: { 201: bankAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await authenticator.principal(request);
      return reply.status(201).send(await links.exchange(userId, request.body));
    },
  );
};
