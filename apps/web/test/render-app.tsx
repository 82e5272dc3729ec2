import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { methodRegistry } from '../src/app/methods/method-registry';
import { Toaster } from '../src/components/toaster';
import { AuthProvider } from '../src/features/auth/auth-context';
import type { AuthMachine, AuthState } from '../src/features/auth/auth-machine';
import { MethodRegistryProvider, type MethodRegistry } from '../src/lib/methods/method-registry';
import { createTestI18n } from './test-i18n';

/** A machine frozen in one state, recording the calls the screens make on it. */
export function fakeAuthMachine(
  state: AuthState = { status: 'AuthRequired', user: null, offline: false },
) {
  const accepted: unknown[] = [];
  const retry = vi.fn();
  const machine: AuthMachine = {
    getState: () => state,
    subscribe: () => () => undefined,
    start: () => undefined,
    acceptToken: (token) => void accepted.push(token),
    logout: () => Promise.resolve(),
    handleUnauthorized: () => undefined,
    retry,
    getAccessToken: () => null,
    storeAccessToken: () => undefined,
  };
  return { machine, accepted, retry };
}

/** Shows where the router is, so a test can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

export function renderApp(
  ui: ReactNode,
  options: {
    route?: string | { pathname: string; state: unknown };
    machine?: AuthMachine;
    /** Renders the whole tree in StrictMode, as development does: effects run twice on mount. */
    strict?: boolean;
    /** The language the texts are in; English unless told. */
    language?: 'en' | 'de';
    /** The redemption methods' screens: the app's, unless a test adds a method of its own. */
    methods?: MethodRegistry;
    /** English texts beside the real ones, e.g. those of a method only a test knows. */
    texts?: Record<string, unknown>;
  } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const machine = options.machine ?? fakeAuthMachine().machine;
  const i18n = createTestI18n(options.language);
  if (options.texts) i18n.addResourceBundle('en', 'translation', options.texts, true);
  const tree = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider machine={machine}>
          <MethodRegistryProvider registry={options.methods ?? methodRegistry}>
            <MemoryRouter initialEntries={[options.route ?? '/']}>
              {ui}
              <LocationProbe />
            </MemoryRouter>
          </MethodRegistryProvider>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
}
