import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { PersonalDetailsCard } from './personal-details-card';
import { ProfileMenu } from './profile-menu';
import { ProfileSummary } from './profile-summary';

const profile = {
  user_uuid: '4f6c1b9e-2d7a-4c55-9a61-0c2b8e7d3f10',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  email_verified: true,
  phone_number: '5551234567',
  address: [
    {
      id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      city: 'Dallas',
      zipcode: '75201',
      line_1: '1 Elm St',
      line_2: null,
      state: 'TX',
      is_primary: false,
    },
    {
      id: '1c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
      city: 'Austin',
      zipcode: '73301',
      line_1: '9 Oak Ave',
      line_2: 'Apt 4',
      state: 'TX',
      is_primary: true,
    },
  ],
  date_of_birth: '1990-05-01',
};

describe('profile', () => {
  it('summarises name, +1 phone and email', async () => {
    installFakeApi({ 'GET /users/profile': () => json(profile) });
    renderApp(<ProfileSummary />);
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByTestId('profile-phone').textContent).toBe('+1 555-123-4567');
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.com');
  });

  it('lists personal details with the primary address and a short date of birth', async () => {
    installFakeApi({ 'GET /users/profile': () => json(profile) });
    renderApp(<PersonalDetailsCard />);
    expect(await screen.findByText('9 Oak Ave')).toBeTruthy();
    expect(screen.queryByText('1 Elm St')).toBeNull();
    expect(screen.getByText('5/1/1990')).toBeTruthy();
  });

  it('lists the menu in the SPEC order; Visa Gift Cards lead to the prepaid cards', () => {
    renderApp(<ProfileMenu />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Visa Gift Cards›', '/profile/visaprepaidcard-history'],
      ['Gift Card Wallet›', '/profile/giftcards-history'],
      ['Transaction History›', '/refunds-history'],
      ['My Redemptions›', '/profile/redemption-history'],
      ['Personal Details›', '/profile/personal-details'],
      ['Payment methods›', '/profile/payment-methods'],
      ['Security activity›', '/profile/security-activity'],
    ]);
  });

  it('reads the e-mail and its badge as separate words', async () => {
    installFakeApi({ 'GET /users/profile': () => json({ ...profile, email_verified: false }) });
    renderApp(<PersonalDetailsCard />);
    const email = (await screen.findByText('Email')).nextElementSibling;
    expect(email?.textContent).toBe('ada@example.com Not verified');
  });

  it('says when there is no address on file', async () => {
    installFakeApi({ 'GET /users/profile': () => json({ ...profile, address: [] }) });
    renderApp(<PersonalDetailsCard />);
    expect(await screen.findByText('No address on file')).toBeTruthy();
  });
});
