import { formatDateTime } from '@refund/contracts/format';
import type { SecurityEvent } from '@refund/contracts/security-activity';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { SecurityActivityList } from './security-activity-list';

const uuid = (n: number) => `7a1c3e5f-2b4d-4c6e-8f0a-1b2c3d4e5f${String(n).padStart(2, '0')}`;

function event(n: number, overrides: Partial<SecurityEvent>): SecurityEvent {
  return {
    id: uuid(n),
    action: 'signed_in',
    fields: [],
    created_at: `2030-05-0${n}T15:04:00.000000Z`,
    device: 'Chrome on Android',
    this_device: false,
    ...overrides,
  };
}

const page = (data: SecurityEvent[], next_cursor: string | null = null) =>
  json({ data, next_cursor });

const rows = () => screen.findAllByTestId('security-event');

describe('security activity', () => {
  it('names each action in words, with the device, the date and this device', async () => {
    const newDevice = event(4, {
      fields: ['new_device'],
      device: 'Safari on iOS',
      this_device: true,
    });
    installFakeApi({
      'GET /users/security-activity': () =>
        page([
          newDevice,
          event(3, { action: 'phone_changed', fields: ['phone_number'], device: null }),
          event(2, { action: 'card_removed' }),
          event(1, { action: 'name_changed', fields: ['first_name', 'last_name'] }),
        ]),
    });
    renderApp(<SecurityActivityList />);

    const [first, second, third, fourth] = await rows();
    if (!first || !second || !third || !fourth) throw new Error('missing rows');
    expect(within(first).getByRole('heading').textContent).toBe('Signed in from a new device');
    expect(within(first).getByText('This device')).toBeTruthy();
    expect(first.textContent).toContain('Safari on iOS');
    expect(within(first).getByText(formatDateTime(newDevice.created_at)).tagName).toBe('TIME');
    expect(formatDateTime(newDevice.created_at)).toMatch(/^May 4, 2030 \d{1,2}:\d{2} (AM|PM)$/);

    expect(within(second).getByRole('heading').textContent).toBe('Phone number changed');
    expect(second.textContent).toContain('Unknown device');
    expect(within(second).queryByText('This device')).toBeNull();
    expect(within(third).getByRole('heading').textContent).toBe('Card removed');
    expect(within(fourth).getByRole('heading').textContent).toBe('Name changed');
    expect(fourth.textContent).toContain('Changed: first name, last name');
  });

  it('says a sign-in from a known device is just a sign-in', async () => {
    installFakeApi({ 'GET /users/security-activity': () => page([event(1, {})]) });
    renderApp(<SecurityActivityList />);
    const [row] = await rows();
    expect(row && within(row).getByRole('heading').textContent).toBe('Signed in');
  });

  it('loads the next page with Load more, sending the cursor', async () => {
    const api = installFakeApi({
      'GET /users/security-activity': (call) =>
        call.query.cursor === 'page-2'
          ? page([event(1, { action: 'email_changed' })])
          : page([event(2, { action: 'signed_up' })], 'page-2'),
    });
    renderApp(<SecurityActivityList />);
    expect(await rows()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'E-mail changed' })).toBeTruthy();
    expect(await rows()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.callsTo('GET /users/security-activity').map((c) => c.query.cursor)).toEqual([
      undefined,
      'page-2',
    ]);
  });

  it('says when there is nothing yet', async () => {
    installFakeApi({ 'GET /users/security-activity': () => page([]) });
    renderApp(<SecurityActivityList />);
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeTruthy();
  });

  it("shows the SPEC's fetch error with a retry when the list cannot be read", async () => {
    let fail = true;
    installFakeApi({
      'GET /users/security-activity': () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : page([event(1, { action: 'signed_up' })]),
    });
    renderApp(<SecurityActivityList />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error occured while fetching records');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Account created' })).toBeTruthy();
  });
});
