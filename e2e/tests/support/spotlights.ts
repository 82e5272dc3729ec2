import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { merchantHeaders } from './claims';

/** The demo spotlight the sandbox seeds for "Summit Sports" (apps/api/src/db/demo-data.ts). */
export const DEMO_SPOTLIGHT = {
  buttonText: 'Shop the winter sale',
  buttonUrl: 'https://summit-sports.example.com/winter-sale',
};

const demoLogo = new URL('../../../apps/api/assets/demo/spotlight-logo.png', import.meta.url);

/** Uploads a PNG as the demo merchant's file and answers its key. */
export async function uploadMerchantImage(request: APIRequestContext): Promise<string> {
  const response = await request.post('/v1/merchant/files', {
    headers: merchantHeaders,
    multipart: {
      file: { name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(demoLogo) },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { file_key: string }).file_key;
}

/** Starts a spotlight as the demo merchant; it is then what every customer of that server sees. */
export async function createSpotlight(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<{ id: string }> {
  const response = await request.post('/v1/merchant/spotlights', {
    headers: { ...merchantHeaders, 'Idempotency-Key': randomUUID() },
    data: body,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

export async function endSpotlight(request: APIRequestContext, id: string): Promise<void> {
  const response = await request.post(`/v1/merchant/spotlights/${id}/end`, {
    headers: merchantHeaders,
  });
  expect(response.status()).toBe(200);
}
