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
import { auditContextOf } from '../auth/audit';
import type { BankAccounts } from './bank-accounts';
import type { BankLinks } from './bank-links';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  422: errorBodySchema,
  503: errorBodySchema,
};

export const bankRoutes: FastifyPluginAsync<{
  accounts: BankAccounts;
  links: BankLinks;
}> = async (app, options) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, links } = options;

  r.post(
    '/bank-accounts',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['bank accounts'],
        summary: 'Add a bank account by routing and account number (the number is sealed)',
        body: addBankAccountRequestSchema,
        response: { 201: bankAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      const body = request.body;
      const account = await accounts.add(
        userId,
        {
          routingNumber: body.routing_number,
          accountNumber: body.account_number,
          accountType: body.account_type,
          holderName: body.account_holder_name,
          source: 'manual',
        },
        auditContextOf(request),
      );
      return reply.status(201).send(account);
    },
  );

  r.get(
    '/bank-accounts',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['bank accounts'],
        summary: "The customer's bank accounts, newest first",
        response: { 200: bankAccountListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await accounts.list(request.customer.userId),
    }),
  );

  r.delete(
    '/bank-accounts/:id',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['bank accounts'],
        summary:
          'Remove a bank account: gone from lists and new redemptions (payouts on their way still reach it); someone else’s, or one removed already, answers 404',
        params: z.object({ id: z.uuid({ error: 'id must be a UUID' }) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.remove(request.customer.userId, request.params.id, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/bank-link/sessions',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['bank accounts'],
        summary: "Start bank linking: send the customer to redirect_url (the provider's page)",
        response: { 201: bankLinkSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      return reply.status(201).send(await links.start(userId));
    },
  );

  r.post(
    '/bank-link/exchange',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['bank accounts'],
        summary:
          'Finish bank linking with the code and state the provider returned; each code works once',
        body: bankLinkExchangeRequestSchema,
        response: { 201: bankAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.customer;
      return reply
        .status(201)
        .send(await links.exchange(userId, request.body, auditContextOf(request)));
    },
  );
};
