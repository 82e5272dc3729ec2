import { SANDBOX_FAILING_BOT_TOKEN } from '@refund/contracts/sandbox';
import type { BotVerifier } from './ports';

/** Sandbox bot protection: every token passes except the documented failing one. */
export function createSandboxBotVerifier(): BotVerifier {
  return {
    async verify({ token }) {
      return token !== SANDBOX_FAILING_BOT_TOKEN;
    },
  };
}
