import { OfflineBanner, OfflineScreen } from '../../components/offline-state';
import { Splash } from '../../components/splash';
import { useAuthMachine, useAuthState } from '../../features/auth/auth-context';

/** While the session is being checked: the splash, or why it cannot be checked and a retry. */
export function SessionCheck() {
  const { offline } = useAuthState();
  const machine = useAuthMachine();
  return offline ? <OfflineScreen onRetry={machine.retry} /> : <Splash />;
}

/** Signed in, but the session could not be renewed just now: say so above the page. */
export function SessionOfflineBanner() {
  const { offline } = useAuthState();
  const machine = useAuthMachine();
  return offline ? <OfflineBanner onRetry={machine.retry} /> : null;
}
