import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json, sandboxConfig } from '../../../../test/fake-api';
import { methodView } from '../../../../test/method-views';
import { renderApp } from '../../../../test/render-app';
import { BalanceCard } from './balance-card';
import { RedemptionMethodList } from './redemption-method-list';

describe('balance card', () => {
  it('shows available, pending and total in dollars', async () => {
    installFakeApi({
      'GET /wallet/balance': () =>
        json({ available_in_cents: 123456, pending_in_cents: 2500, total_in_cents: 125956 }),
    });
    renderApp(<BalanceCard />);
    expect((await screen.findByTestId('balance-available')).textContent).toBe('$1,234.56');
    expect(screen.getByTestId('balance-pending').textContent).toBe('$25.00');
    expect(screen.getByTestId('balance-total').textContent).toBe('$1,259.56');
    expect(screen.getByRole('heading', { level: 1, name: 'My Money' })).toBeTruthy();
    // Without a bonus, nothing speaks of one.
    expect(screen.queryByTestId('balance-bonus')).toBeNull();
    expect(screen.queryByText(/bonus/i)).toBeNull();
  });

  const withBonus = {
    available_in_cents: 4_500,
    pending_in_cents: 2_500,
    bonus_in_cents: 1_000,
    bonus_expires_at: '2099-07-01T00:00:00.000Z',
    total_in_cents: 8_000,
  };
  const term = (name: string) => screen.getByText(name, { selector: 'dt' });

  it('shows the welcome bonus apart, labelled, with the last day it can be spent', async () => {
    installFakeApi({
      'GET /app-config': () =>
        json({
          ...sandboxConfig,
          welcome_bonus: { amount_in_cents: 1_000, last_day: '2099-06-30' },
        }),
      'GET /wallet/balance': () => json(withBonus),
    });
    renderApp(<BalanceCard />);
    expect((await screen.findByTestId('balance-available')).textContent).toBe('$45.00');
    const bonus = screen.getByTestId('balance-bonus');
    expect(bonus.textContent).toBe('$10.00');
    expect(term('Bonus').nextElementSibling).toBe(bonus);
    expect(bonus.nextElementSibling?.textContent).toBe(
      'Spend on gift cards and prepaid cards by 6/30/2099',
    );
    expect(term('Available balance').nextElementSibling?.textContent).toBe('$45.00');
    expect(term('Pending').nextElementSibling?.textContent).toBe('$25.00');
    expect(term('Total').nextElementSibling?.textContent).toBe('$80.00');
  });

  it("reads the bonus's last day from the balance when the configuration does not say it", async () => {
    installFakeApi({
      'GET /app-config': () => json(sandboxConfig),
      'GET /wallet/balance': () => json(withBonus),
    });
    renderApp(<BalanceCard />);
    expect((await screen.findByTestId('balance-bonus')).textContent).toBe('$10.00');
    expect(screen.getByText('Spend on gift cards and prepaid cards by 6/30/2099')).toBeTruthy();
  });

  it('shows no bonus once it is spent or its last day has passed', async () => {
    installFakeApi({
      'GET /wallet/balance': () =>
        json({ ...withBonus, bonus_expires_at: '2020-07-01T00:00:00.000Z' }),
    });
    renderApp(<BalanceCard />);
    expect((await screen.findByTestId('balance-available')).textContent).toBe('$45.00');
    expect(screen.queryByTestId('balance-bonus')).toBeNull();
    expect(screen.queryByText(/bonus/i)).toBeNull();
  });

  it('offers a retry when the balance cannot be loaded, and recovers', async () => {
    let fail = true;
    installFakeApi({
      'GET /wallet/balance': () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : json({ available_in_cents: 500, pending_in_cents: 0, total_in_cents: 500 }),
    });
    renderApp(<BalanceCard />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't load your balance.",
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('balance-available')).textContent).toBe('$5.00');
  });
});

describe('redemption methods', () => {
  const limits = {
    min_amount: 100,
    max_amount: 500_000,
    fee_rate: null,
    is_whole_amount_value_required: false,
  };

  it('links each available method to its screen and marks the others unavailable', async () => {
    installFakeApi({
      'GET /redemption-methods': () =>
        json({
          data: [
            methodView('debit', { is_available: true, ...limits }),
            methodView('bank', { is_available: false, ...limits }),
          ],
        }),
    });
    renderApp(<RedemptionMethodList />);
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/redeem/debit']);
    expect(within(list).getByText('Bank account').closest('[aria-disabled="true"]')).not.toBeNull();
    expect(
      within(list).getByText('This redemption method is unavailable at this moment.'),
    ).toBeTruthy();
  });

  it('offers the Visa prepaid card when the API says it is available', async () => {
    installFakeApi({
      'GET /redemption-methods': () =>
        json({
          data: [
            methodView('debit', { is_available: true, ...limits }),
            methodView('prepaid', { is_available: true, ...limits }),
          ],
        }),
    });
    renderApp(<RedemptionMethodList />);
    const list = await screen.findByRole('list');
    const prepaid = within(list).getByRole('link', { name: /Visa prepaid card/ });
    expect(prepaid.getAttribute('href')).toBe('/redeem/prepaid');
    expect(prepaid.textContent).toContain('Get a prepaid Visa card');
  });

  it('offers FanCash when the API says it is available, and not when it says it is not', async () => {
    installFakeApi({
      'GET /redemption-methods': () =>
        json({ data: [methodView('fancash', { is_available: true, ...limits })] }),
    });
    const { unmount } = renderApp(<RedemptionMethodList />);
    const fanCash = within(await screen.findByRole('list')).getByRole('link', { name: /FanCash/ });
    expect(fanCash.getAttribute('href')).toBe('/redeem/fancash');
    expect(fanCash.textContent).toContain("Store credit for your team's shop");
    unmount();

    installFakeApi({
      'GET /redemption-methods': () =>
        json({ data: [methodView('fancash', { is_available: false, ...limits })] }),
    });
    renderApp(<RedemptionMethodList />);
    const list = await screen.findByRole('list');
    expect(within(list).queryByRole('link')).toBeNull();
    expect(within(list).getByText('This redemption method is unavailable at this moment.'));
  });

  it('links each available method to its screen, Earn rewards included, and no other', async () => {
    installFakeApi({
      'GET /redemption-methods': () =>
        json({
          data: [
            methodView('debit', { is_available: true, ...limits }),
            methodView('bank', { is_available: true, ...limits }),
            methodView('prepaid', { is_available: false, ...limits }),
            methodView('giftcard', { is_available: false, ...limits }),
            methodView('fancash', { is_available: false, ...limits }),
            methodView('earn_rewards', { is_available: true, ...limits }),
          ],
        }),
    });
    renderApp(<RedemptionMethodList />);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/redeem/debit', '/redeem/bank', '/earnRewards']);
    expect(within(list).getByRole('link', { name: /Earn rewards/ }).textContent).toContain(
      'Redeem with brands that reward you',
    );
    for (const name of ['Visa prepaid card', 'Gift cards', 'FanCash']) {
      const row = within(list).getByText(name).closest('li') as HTMLElement;
      expect(within(row).queryByRole('link')).toBeNull();
      expect(within(row).getByText('This redemption method is unavailable at this moment.'));
    }
  });

  it('never links to Earn rewards while the API says no brand offers a reward', async () => {
    installFakeApi({
      'GET /redemption-methods': () =>
        json({ data: [methodView('earn_rewards', { is_available: false, ...limits })] }),
    });
    renderApp(<RedemptionMethodList />);
    const list = await screen.findByRole('list');
    expect(within(list).queryByRole('link')).toBeNull();
    const row = within(list).getByText('Earn rewards').closest('li') as HTMLElement;
    expect(within(row).getByText('This redemption method is unavailable at this moment.'));
  });

  it('shows each method with an icon of its own, hidden from screen readers, and no letter', async () => {
    installFakeApi({
      'GET /redemption-methods': () =>
        json({
          data: [
            methodView('debit', { is_available: true, ...limits }),
            methodView('bank', { is_available: true, ...limits }),
            methodView('prepaid', { is_available: true, ...limits }),
            methodView('giftcard', { is_available: true, ...limits }),
            methodView('fancash', { is_available: false, ...limits }),
            methodView('earn_rewards', { is_available: true, ...limits }),
          ],
        }),
    });
    renderApp(<RedemptionMethodList />);
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    const icons = rows.map((row) => {
      const svg = row.querySelector('svg');
      expect(svg, row.textContent ?? '').not.toBeNull();
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(svg?.querySelectorAll('path, rect, circle, line, polyline').length).toBeGreaterThan(0);
      return svg?.getAttribute('class');
    });
    // Six methods, six different icons (lucide names each in its class).
    expect(new Set(icons).size).toBe(6);
    // The names read as before: no initial letter before them.
    expect(within(rows[0] as HTMLElement).getByRole('link').textContent).toMatch(/^Debit card/);
  });
});
