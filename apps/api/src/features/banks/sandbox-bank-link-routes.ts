import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@refund/contracts/text';
import { sandboxBankLinkPage } from '../../providers/sandbox-bank-link-page';
import { sandboxLinkBanks, type SandboxBankLinking } from '../../providers/sandbox-bank-linking';

export interface SandboxBankLinkRoutesOptions {
  sandbox: SandboxBankLinking;
  /** Where the page sends the customer: the web app's /redeem/tink and /bank-failure. */
  successUrl: string;
  failureUrl: string;
}

const formSchema = z.object({
  session: z.uuid({ error: 'session is missing' }),
  action: z.enum(['continue', 'cancel'], { error: 'Choose Continue or Cancel' }),
  account: text().max(100).optional(),
});

/**
 * The sandbox bank-linking provider's hosted page. It runs only when that provider is in use,
 * which the configuration refuses in production.
 */
export const sandboxBankLinkRoutes: FastifyPluginAsync<SandboxBankLinkRoutesOptions> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The page posts a plain HTML form; only this plugin accepts that encoding.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const formTargets = [new URL(options.successUrl).origin, new URL(options.failureUrl).origin];
  const html = (state: string, error?: string) =>
    sandboxBankLinkPage({ state, banks: sandboxLinkBanks, ...(error ? { error } : {}) });
  const pageHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${[...new Set(formTargets)].join(' ')}; frame-ancestors 'none'`,
  };

  r.get(
    '/sandbox/bank-link',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox bank linking: pick a test bank and account, or cancel',
        querystring: z.object({ session: z.uuid({ error: 'session must be a UUID' }) }),
      },
    },
    async (request, reply) => reply.headers(pageHeaders).send(html(request.query.session)),
  );

  r.post(
    '/sandbox/bank-link',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox page’s form: redirects back to the web app with a code, or cancelled',
        consumes: ['application/x-www-form-urlencoded'],
        body: formSchema,
      },
    },
    async (request, reply) => {
      const { session, action, account } = request.body;
      if (action === 'cancel') {
        const failure = new URL(options.failureUrl);
        failure.searchParams.set('reason', 'cancelled');
        failure.searchParams.set('state', session);
        return reply.redirect(failure.toString(), 303);
      }
      const [bankId = '', accountId = ''] = (account ?? '').split('/');
      const code = await options.sandbox.issueCode(session, bankId, accountId);
      if (!code) {
        return reply
          .status(400)
          .headers(pageHeaders)
          .send(html(session, 'Choose an account to continue.'));
      }
      const success = new URL(options.successUrl);
      success.searchParams.set('code', code);
      success.searchParams.set('state', session);
      return reply.redirect(success.toString(), 303);
    },
  );
};
