import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { BootSplash } from '../../components/splash';
import { retryFailedScreens } from '../lazy-screen';
import { ScreenErrorFallback } from './screen-error-fallback';

/**
 * Catches what a screen throws and shows the fallback instead of a blank page. Reporting is not
 * done here: React hands every caught error to the root's onCaughtError (see main.tsx).
 * Try again, and moving to another route, start the failed screen afresh: a new import of its
 * code and new fetches of the queries that failed in it.
 */
function ResettingBoundary({ children, wrap }: { children: ReactNode; wrap?: boolean }) {
  const { key } = useLocation();
  const { reset } = useQueryErrorResetBoundary();
  return (
    <ErrorBoundary
      resetKeys={[key]}
      onReset={() => {
        retryFailedScreens();
        reset();
      }}
      fallbackRender={(props) =>
        wrap ? (
          // Outside the shells: its own landmark, and its own wait for the translations.
          <main className="px-4">
            <Suspense fallback={<BootSplash />}>
              <ScreenErrorFallback {...props} />
            </Suspense>
          </main>
        ) : (
          <ScreenErrorFallback {...props} />
        )
      }
    >
      {children}
    </ErrorBoundary>
  );
}

/** Around each route's screen, inside its layout: the header and navigation stay usable. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ResettingBoundary>{children}</ResettingBoundary>;
}

/** Around the whole app inside the router: the last net for guards, layouts and the rest. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ResettingBoundary wrap>{children}</ResettingBoundary>;
}
