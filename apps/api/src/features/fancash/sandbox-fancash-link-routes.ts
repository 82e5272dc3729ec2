import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/domain-error';
import { sandboxFanCashCode, sandboxFanCashFans } from '../../providers/sandbox-fancash';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox's stand-in for the sports merchant's sign-in: one click links a test fan and sends
 * the person back to the web app with the code and the state. It only ever sends them to the web
 * app's own /redeem/fancash, as the merchant only sends them to an address registered with it.
 * It runs only with the sandbox program, which the configuration refuses in production.
 */
export const sandboxFanCashLinkRoutes: FastifyPluginAsync<{ redirectUri: string }> = async (
  app,
  options,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  };

  r.get(
    '/sandbox/fancash-link',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox FanCash sign-in: link a test fan in one click, or cancel',
        querystring: z.object({
          state: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'state is not one this app gave out'),
          redirect_uri: z.string().max(2048),
        }),
      },
    },
    async (request, reply) => {
      const { state, redirect_uri: redirectUri } = request.query;
      if (redirectUri !== options.redirectUri) {
        throw new DomainError('VALIDATION_FAILED', 'redirect_uri is not the web app’s address');
      }
      const back = (params: Record<string, string>) => {
        const url = new URL(redirectUri);
        for (const [key, value] of Object.entries({ ...params, state }))
          url.searchParams.set(key, value);
        return escape(url.toString());
      };
      const fans = sandboxFanCashFans(state)
        .map(
          (fan) =>
            `<li><a href="${back({ code: sandboxFanCashCode(fan) })}">Link as ${escape(fan.displayName)}</a> <small>${escape(fan.fanId)}</small></li>`,
        )
        .join('');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox FanCash sign-in</title><style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}a{color:#0b57d0}li{margin:.75rem 0}</style></head><body><main><h1>Sandbox FanCash sign-in</h1><p>Choose a test fan to link to your wallet. Nothing here is real.</p><ul>${fans}</ul><p><a href="${back({ error: 'access_denied' })}">Cancel</a></p></main></body></html>`;
      return reply.headers(headers).send(html);
    },
  );
};
