import type { Profile } from '@refund/contracts/profile';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profile } from '../../../../test/claim-fixtures';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { AddressForm } from './address-form';

const withAddress = (state: string): Profile => ({
  ...profile,
  address: [
    {
      id: '3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      line_1: '1 Main St',
      line_2: null,
      city: 'Reno',
      state,
      zipcode: '89501',
      is_primary: true,
    },
  ],
});

function open(current: Profile) {
  const api = installFakeApi({
    'PUT /users/profile/address': (call) =>
      json(withAddress((call.body as { state: string }).state)),
  });
  const onSaved = vi.fn();
  renderApp(<AddressForm profile={current} onSaved={onSaved} />);
  return { api, onSaved, user: userEvent.setup({ delay: null }) };
}

const stateSelect = () => screen.getByRole('combobox', { name: 'State' });

describe('address form: State', () => {
  it('is a select of US states and territories by name, saving the code', async () => {
    // Saved as free text before the select: 'Nevada' is no code, so a choice is asked for.
    const { api, onSaved, user } = open(withAddress('Nevada'));
    const options = within(stateSelect()).getAllByRole('option');
    expect(options).toHaveLength(57);
    expect(options[0]?.textContent).toBe('Choose a state');
    expect(options.map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['Nevada', 'Nebraska', 'Puerto Rico', 'District of Columbia']),
    );

    expect((stateSelect() as HTMLSelectElement).value).toBe('');
    await user.selectOptions(stateSelect(), 'Nevada');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('PUT /users/profile/address')[0]?.body).toMatchObject({ state: 'NV' });
  });

  it('asks for a choice before anything is sent', async () => {
    const { api, user } = open(withAddress('Nevada'));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Choose a US state or territory')).toBeTruthy();
    expect(stateSelect().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('starts from the saved state', () => {
    open(withAddress('NV'));
    expect((stateSelect() as HTMLSelectElement).value).toBe('NV');
  });
});
