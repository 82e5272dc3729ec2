import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, json } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { SpotlightScreen } from './spotlight-screen';

const image = '0b7c1f0e-6c1d-4c43-9d6a-2f4f7f0e9a11';
const logo = '5d1e8a2b-93a4-4f0c-8b1e-7c6d2a9f3e22';

function spotlight(button: { url: string | null; text: string | null }) {
  return {
    spotlight: {
      id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      promotion_image: { file_key: image },
      promotion_logo: { file_key: logo },
      promotion_button_url: button.url,
      promotion_button_text: button.text,
    },
  };
}

const location = () => screen.getByTestId('location').textContent;

describe('the spotlight screen', () => {
  it('shows the image, the logo and the button, which opens the URL in a new tab', async () => {
    installFakeApi({
      'GET /spotlight': () =>
        json(spotlight({ url: 'https://shop.example.com/sale', text: 'Shop the winter sale' })),
    });
    renderApp(<SpotlightScreen />, { route: '/spotlight' });
    const button = await screen.findByRole('link', { name: /^Shop the winter sale/ });
    expect(button.getAttribute('href')).toBe('https://shop.example.com/sale');
    expect(button.getAttribute('target')).toBe('_blank');
    expect(button.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      screen.getByRole('img', { name: 'Promotion: Shop the winter sale' }).getAttribute('src'),
    ).toBe(`/v1/files/${image}`);
    expect(screen.getByRole('img', { name: 'Merchant logo' }).getAttribute('src')).toBe(
      `/v1/files/${logo}`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Spotlight' })).toBeTruthy();
  });

  it.each([
    ['only a URL', { url: 'https://shop.example.com/sale', text: null }],
    ['only a text', { url: null, text: 'Shop the winter sale' }],
    ['neither', { url: null, text: null }],
  ])('shows no action button with %s', async (_case, button) => {
    installFakeApi({ 'GET /spotlight': () => json(spotlight(button)) });
    renderApp(<SpotlightScreen />, { route: '/spotlight' });
    expect(await screen.findByRole('img', { name: /^Promotion/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Merchant logo' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Shop the winter sale')).toBeNull();
  });

  it('goes home with the close button', async () => {
    installFakeApi({ 'GET /spotlight': () => json(spotlight({ url: null, text: null })) });
    renderApp(<SpotlightScreen />, { route: '/spotlight' });
    await screen.findByRole('img', { name: 'Promotion' });
    expect(location()).toBe('/spotlight');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(location()).toBe('/');
  });

  it('says there are no promotions when none is live, and leads home', async () => {
    installFakeApi({ 'GET /spotlight': () => json({ spotlight: null }) });
    renderApp(<SpotlightScreen />, { route: '/spotlight' });
    expect(await screen.findByText('No Promotions at the moment')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(location()).toBe('/');
  });

  it('offers a retry when the spotlight cannot be loaded, and recovers', async () => {
    let fail = true;
    installFakeApi({
      'GET /spotlight': () =>
        fail
          ? json(
              { code: 3001, code_description: 'INTERNAL', message: 'Internal Server error' },
              500,
            )
          : json(spotlight({ url: null, text: null })),
    });
    renderApp(<SpotlightScreen />, { route: '/spotlight' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't load the promotion.",
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'Promotion' })).toBeTruthy();
  });
});
