import { redemptionModes } from '@refund/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definitions } from './redemption-methods';

describe('the redemption method definitions', () => {
  it('define every mode of the contracts, each exactly once', () => {
    const defined = definitions.flatMap((definition) => definition.modes);
    expect([...defined].sort()).toEqual([...redemptionModes].sort());
  });

  it('have names of their own and variables of their own', () => {
    const names = definitions.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    const variables = definitions.flatMap((definition) => Object.keys(definition.config.env));
    expect(new Set(variables).size).toBe(variables.length);
  });

  it('name only their own variables as providers, each offering the sandbox production refuses', () => {
    for (const { config } of definitions) {
      for (const name of config.providers) {
        const variable = config.env[name];
        expect(variable).toBeDefined();
        expect(
          z.object({ [name]: variable ?? z.never() }).safeParse({ [name]: 'sandbox' }).success,
        ).toBe(true);
      }
    }
  });
});
