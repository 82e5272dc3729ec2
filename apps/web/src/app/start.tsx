import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { intakeLaunchUrl } from '../features/auth/launch-url';
import { initI18n } from '../lib/i18n';
import { startThemeSync } from '../lib/theme';
import { warmVisitorId } from '../lib/visitor-id';
import { App } from './app';
import { landingScreens } from './app-routes';
import { authMachine, errorReporter, returnPaths } from './composition-root';
import { landingScreen } from './landing-screens';
import { preloadScreen } from './lazy-screen';

/**
 * Errors thrown while rendering, whether an error boundary caught them or not, go to the app's
 * error reporter, which holds reports until it knows where to send them. The boundaries
 * themselves report nothing.
 */
function reportRenderError(error: unknown, info: { componentStack?: string | undefined }): void {
  errorReporter.capture(error, { componentStack: info.componentStack });
}

/** Starts the app in the element index.html painted the boot splash in, replacing the splash. */
export function start(element: HTMLElement): void {
  startThemeSync();
  const translations = initI18n();

  // Before the router reads the address: take out a handed-in token and note where to return.
  const { accessToken } = intakeLaunchUrl(window.location, {
    returnPaths,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
  });
  authMachine.start({ accessToken });
  // Ready before the first sign-in, claim or redemption asks for it.
  warmVisitorId();

  // The first render waits for the translations and the screen the address leads to (their
  // files are already on their way, see main.tsx). Rendered earlier, it would commit a fallback
  // that looks like the boot splash, and React then holds the screen back for its minimum
  // fallback time: 300 ms more before a customer sees the page.
  const screen = landingScreen(window.location.pathname, authMachine.getAccessToken() !== null);
  const ready = Promise.all([
    translations.catch(() => undefined),
    screen === null ? undefined : preloadScreen(landingScreens[screen]),
  ]);
  void ready.then(() => render(element));
}

function render(element: HTMLElement): void {
  const root = createRoot(element, {
    onCaughtError: reportRenderError,
    onUncaughtError: reportRenderError,
  });
  // As a transition, React renders the app in slices and lets the browser answer in between,
  // instead of holding a phone's main thread for the whole first render.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
