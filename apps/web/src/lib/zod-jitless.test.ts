import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('zod reads the setting the entry writes before zod loads', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
