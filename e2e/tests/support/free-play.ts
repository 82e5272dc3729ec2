import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/**
 * The default server's free play (FREE_PLAY_* left unset): $10 from Fanatics until the next
 * June 30 (UTC), as the page writes it.
 */
export function defaultFreePlayLastDay(now = new Date()): string {
  const year = now.getUTCFullYear();
  // From July on, this year's June 30 is past.
  return `June 30, ${now.getUTCMonth() > 5 ? year + 1 : year}`;
}

/** A claim of the free play through the API, as another app or a retry with a new key would. */
export function claimFreePlayThroughApi(request: APIRequestContext, accessToken: string) {
  return request.post('/v1/promotions/free-play/claims', {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Idempotency-Key': randomUUID(),
      'X-Device-Id': randomUUID(),
    },
  });
}
