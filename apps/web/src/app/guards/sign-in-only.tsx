import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthState } from '../../features/auth/auth-context';
import { SessionCheck } from './session-check';

/**
 * Sign-in and verify pages: splash while checking, home once signed in. Right after sign-in the
 * auth machine has already moved to the remembered path in the same render (see composition-root.ts),
 * so this redirect only catches a signed-in customer coming back, e.g. with the back button.
 * Guards its children, or the nested routes when used as a layout route.
 */
export function SignInOnly({ children }: { children?: ReactNode }) {
  const { status } = useAuthState();
  if (status === 'Unknown' || status === 'ValidateAccess') return <SessionCheck />;
  if (status === 'AuthSuccessful') return <Navigate to={paths.home.href()} replace />;
  return children ?? <Outlet />;
}
