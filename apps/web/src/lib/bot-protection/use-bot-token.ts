import type { BotAction } from '@refund/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { appConfigQueryOptions } from '../get-app-config';
import {
  createBotProtection,
  type BotProtection,
  type BotProtectionConfig,
} from './bot-protection';

let cached: { key: string; protection: BotProtection } | null = null;

function protectionFor(config: BotProtectionConfig): BotProtection {
  const key = `${config.provider}:${config.site_key ?? ''}`;
  if (cached?.key !== key) cached = { key, protection: createBotProtection(config) };
  return cached.protection;
}

/** A function answering a bot token for an action, using the server's configured provider. */
export function useBotToken(): (action: BotAction) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(
    async (action: BotAction) => {
      const config = await queryClient.ensureQueryData(appConfigQueryOptions());
      return protectionFor(config.bot_protection).getToken(action);
    },
    [queryClient],
  );
}
