import type { FastifyPluginAsync } from 'fastify';
import { createFanaticsFanCash } from '../../providers/fanatics-fancash';
import type { FanCashProgram } from '../../providers/ports';
import { createSandboxFanCash } from '../../providers/sandbox-fancash';
import type {
  CommonSettings,
  MethodRouteDeps,
  MethodStartContext,
  StartedMethod,
} from '../payouts/method-definition';
import { registerFanCashCreditJobs } from './fancash-credits';
import type { FanCashSettings } from './fancash-definition';
import { fanCashLinkRoutes } from './fancash-link-routes';
import { createFanCashLinks } from './fancash-links';
import { createFanCashMethod } from './fancash-method';
import { sandboxFanCashLinkRoutes } from './sandbox-fancash-link-routes';

/** Where the sandbox's stand-in for the sports merchant's sign-in is served. */
export const sandboxFanCashLinkPage = (publicUrl: string) =>
  new URL('/v1/sandbox/fancash-link', publicUrl).toString();

export async function startFanCash({
  settings,
  db,
  jobs,
  logger,
}: MethodStartContext<FanCashSettings>): Promise<StartedMethod<null>> {
  const program = createFanCashProgram(settings);
  if (program) await registerFanCashCreditJobs({ db, jobs, program, logger });
  const routes: FastifyPluginAsync<MethodRouteDeps> = async (v1, deps) => {
    if (!program) return;
    const redirectUri = new URL('/redeem/fancash', settings.PUBLIC_URL).toString();
    await v1.register(fanCashLinkRoutes, {
      links: createFanCashLinks({ db: deps.db, program, redirectUri }),
    });
    if (settings.FANCASH_PROVIDER === 'sandbox') {
      await v1.register(sandboxFanCashLinkRoutes, { redirectUri });
    }
  };
  return {
    // Registered without a program all the same, so past credits are still shown.
    methods: [createFanCashMethod({ jobs, offered: program !== null })],
    routes,
    provides: null,
  };
}

/** The FanCash program configured; null without one (FanCash is not offered). */
function createFanCashProgram(settings: FanCashSettings & CommonSettings): FanCashProgram | null {
  switch (settings.FANCASH_PROVIDER) {
    case 'none':
      return null;
    case 'fanatics':
      return createFanaticsFanCash({
        clientId: settings.FANATICS_CLIENT_ID ?? '',
        clientSecret: settings.FANATICS_CLIENT_SECRET ?? '',
        apiBaseUrl: settings.FANATICS_API_URL ?? '',
        authBaseUrl: settings.FANATICS_AUTH_URL ?? '',
      });
    case 'sandbox':
      return createSandboxFanCash({
        postSeconds: settings.SANDBOX_FANCASH_POST_SECONDS,
        linkPageUrl: sandboxFanCashLinkPage(settings.PUBLIC_URL),
      });
  }
}
