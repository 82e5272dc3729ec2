import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { LoadingState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { RouteErrorBoundary } from '../errors/screen-error-boundary';
import { SessionOfflineBanner } from '../guards/session-check';
import { BrandLink } from './brand-link';
import { MAIN_ID, SkipLink } from './skip-link';

const navItems = [
  { href: paths.home.href(), key: 'home', end: true },
  { href: paths.profile.href(), key: 'profile', end: false },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center justify-center rounded-xl px-4 font-semibold ${
    isActive ? 'bg-primary-soft text-on-primary-soft' : 'text-ink-muted hover:text-ink'
  }`;

/** Signed-in pages. Below 768 px the navigation becomes a bar at the bottom of the screen. */
export function AppShell() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4">
          <BrandLink />
          <nav
            aria-label={t('nav.label')}
            className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface px-4 py-2 md:static md:border-0 md:bg-transparent md:p-0"
          >
            <ul className="grid grid-cols-2 gap-2 md:flex">
              {navItems.map((item) => (
                <li key={item.key}>
                  <NavLink to={item.href} end={item.end} className={navLinkClass}>
                    {t(`nav.${item.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <SessionOfflineBanner />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28 md:pb-12 outline-none"
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
