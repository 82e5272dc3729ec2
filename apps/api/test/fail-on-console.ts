import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error or console.warn is a defect: the test that caused it fails.
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) throw new Error(unexpected.join('\n'));
});
