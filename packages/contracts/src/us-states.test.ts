import { describe, expect, it } from 'vitest';
import { updateAddressRequestSchema } from './profile';
import { usStateCodes, usStates } from './us-states';

const address = { line_1: '1 Main St', city: 'Reno', zipcode: '89501' };
const parse = (state: string) => updateAddressRequestSchema.safeParse({ ...address, state });
const message = (state: string) => parse(state).error?.issues[0]?.message;

describe('US states and territories', () => {
  it('lists the 50 states, DC and the 5 inhabited territories, each code once', () => {
    expect(usStates).toHaveLength(56);
    expect(new Set(usStateCodes).size).toBe(56);
    expect(usStates).toContainEqual({ code: 'NV', name: 'Nevada' });
    expect(usStates).toContainEqual({ code: 'NE', name: 'Nebraska' });
    expect(usStates).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
  });

  it('an address takes a listed code, in any case', () => {
    expect(parse('NV').data?.state).toBe('NV');
    expect(parse(' nv ').data?.state).toBe('NV');
    expect(parse('dc').data?.state).toBe('DC');
  });

  it('refuses a two-letter code that is no state or territory', () => {
    for (const code of ['XX', 'ZZ', 'UK', 'QC']) {
      expect(message(code)).toBe('Choose a US state or territory');
    }
  });

  it('refuses a state name, keeping the two-letter message, and asks for a choice when empty', () => {
    expect(message('Nevada')).toBe('State must be a two-letter code');
    expect(message(' ')).toBe('Choose a US state or territory');
  });
});
