import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { intakeLaunchUrl } from '../features/auth/launch-url';
import { initI18n } from '../lib/i18n';
import { startThemeSync } from '../lib/theme';
import { warmVisitorId } from '../lib/visitor-id';
import { App } from './app';
import { authMachine, returnPaths } from './composition-root';

/** Starts the app proper on the root the entry script already painted the first screen into. */
export function start(root: Root): void {
  startThemeSync();
  void initI18n();

  // Before the router reads the address: take out a handed-in token and note where to return.
  const { accessToken } = intakeLaunchUrl(window.location, {
    returnPaths,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
  });
  authMachine.start({ accessToken });
  // Ready before the first sign-in, claim or redemption asks for it.
  warmVisitorId();

  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
