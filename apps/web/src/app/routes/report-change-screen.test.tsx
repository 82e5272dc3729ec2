import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { ReportChangeScreen } from './report-change-screen';

const id = 'c2VjcmV0LXJlcG9ydC1saW5rLXRva2Vu';
const path = `/users/contact-changes/${id}`;
const notice = (reported = false) => ({
  kind: 'phone',
  new_value: '+1 xxx-xxx-0143',
  changed_at: '2026-11-28T14:05:00.000Z',
  reported,
});

describe('/report-change', () => {
  it('says what changed and reports it once on "This wasn\'t me"', async () => {
    const api = installFakeApi({
      [`GET ${path}`]: () => json(notice()),
      [`POST ${path}/report`]: () =>
        json({ contact_restored: true, message: 'Thank you. We have put your details back.' }),
    });
    renderApp(<ReportChangeScreen />, { route: `/report-change?id=${id}`, strict: true });
    expect(await screen.findByRole('heading', { name: 'Did you make this change?' })).toBeTruthy();
    expect(screen.getByTestId('report-change-body').textContent).toMatch(
      /^The phone number on your account was changed to \+1 xxx-xxx-0143 on Nov 28, 2026 \d{1,2}:05 [AP]M\.$/,
    );
    // Opening the page reports nothing.
    expect(api.callsTo(`POST ${path}/report`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: "This wasn't me" }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(screen.getByText('Thank you. We have put your details back.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    await waitFor(() => expect(api.callsTo(`POST ${path}/report`)).toHaveLength(1));
  });

  it('says a change was already reported, without offering to report it again', async () => {
    installFakeApi({ [`GET ${path}`]: () => json(notice(true)) });
    renderApp(<ReportChangeScreen />, { route: `/report-change?id=${id}` });
    expect(await screen.findByRole('heading', { name: 'You reported this change' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: "This wasn't me" })).toBeNull();
  });

  it('shows why an unknown or expired link cannot be used', async () => {
    installFakeApi({
      [`GET ${path}`]: () =>
        json(
          {
            code: 8004,
            code_description: 'CONTACT_CHANGE_LINK_INVALID',
            message: 'This link is invalid or has expired.',
          },
          400,
        ),
    });
    renderApp(<ReportChangeScreen />, { route: `/report-change?id=${id}` });
    expect(await screen.findByRole('heading', { name: "This link can't be used" })).toBeTruthy();
    expect(screen.getByText('This link is invalid or has expired.')).toBeTruthy();
  });
});
