import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pagePath, trackPage } from '../lib/analytics-events';

/** Tracks a `page` event on every route change, with the path only (never the query string). */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackPage(pagePath(pathname));
  }, [pathname]);
  return null;
}
