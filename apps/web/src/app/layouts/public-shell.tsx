import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../../components/query-state';
import { RouteErrorBoundary } from '../errors/screen-error-boundary';
import { BrandLink } from './brand-link';
import { MAIN_ID, SkipLink } from './skip-link';

/** Sign-in, verify and claim pages: a single centred column. */
export function PublicShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center px-4">
        <BrandLink />
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-md flex-1 px-4 pt-4 pb-12 outline-none"
      >
        <RouteErrorBoundary>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
