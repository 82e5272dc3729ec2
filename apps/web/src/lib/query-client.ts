import { QueryClient } from '@tanstack/react-query';

/**
 * Queries are not retried here: every query reads through the API's reads client, which already
 * tries a call again when it got no answer or a gateway error (see api-client.ts). Retrying here
 * as well would multiply the tries (up to nine calls for one screen) and keep a customer waiting
 * on a server that is down; what is left (a 4xx, a 500, an answer we do not understand) answers
 * the same again, and the screen offers a Retry instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
