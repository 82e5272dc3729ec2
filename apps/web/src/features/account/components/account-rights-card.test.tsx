import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { AccountRightsCard } from './account-rights-card';

/** What the browser was handed to save: the file's name and the file. */
function watchSaves() {
  const saved: { name: string; file: Blob }[] = [];
  const files = new Map<string, Blob>();
  URL.createObjectURL = (file: Blob | MediaSource) => {
    const url = `blob:test/${files.size}`;
    files.set(url, file as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = files.get(this.href);
    if (file) saved.push({ name: this.download, file });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('your data and account', () => {
  it('saves the data file under a dated name, and links to closing the account', async () => {
    const saved = watchSaves();
    installFakeApi({
      'GET /users/data-export': () => json({ profile: { first_name: 'Alex' } }),
    });
    renderApp(<AccountRightsCard closeHref="/profile/close-account" />);
    expect(screen.getByRole('link', { name: 'Close account' }).getAttribute('href')).toBe(
      '/profile/close-account',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(`my-data-${new Date().toISOString().slice(0, 10)}.json`);
    expect(JSON.parse((await saved[0]?.file.text()) ?? '')).toEqual({
      profile: { first_name: 'Alex' },
    });
  });

  it('says so when the file cannot be made', async () => {
    installFakeApi({
      'GET /users/data-export': () =>
        json({ code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' }, 500),
    });
    renderApp(<AccountRightsCard closeHref="/profile/close-account" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Internal Server error')).toBeTruthy();
  });
});
