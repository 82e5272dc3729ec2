import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthState } from '../../features/auth/auth-context';
import type { ReturnPathStore } from '../../features/auth/return-path';
import { LiveUpdates } from '../live-updates';
import { SessionCheck } from './session-check';

function RedirectToSignIn({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    returnPaths.rememberIfEmpty(`${location.pathname}${location.search}`);
    void navigate(paths.auth.href(), { replace: true });
  }, [location.pathname, location.search, navigate, returnPaths]);
  return null;
}

/**
 * Authenticated routes: splash while checking (or the offline state when the API cannot be
 * reached), sign-in when signed out (SPEC §6).
 */
export function RequireAuth({ returnPaths }: { returnPaths: ReturnPathStore }) {
  const { status } = useAuthState();
  if (status === 'Unknown' || status === 'ValidateAccess')
    return (
      <main className="px-4">
        <SessionCheck />
      </main>
    );
  if (status === 'AuthRequired') return <RedirectToSignIn returnPaths={returnPaths} />;
  return (
    <>
      <LiveUpdates />
      <Outlet />
    </>
  );
}
