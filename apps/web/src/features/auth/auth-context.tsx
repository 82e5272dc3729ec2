import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthMachine, AuthState } from './auth-machine';

const AuthContext = createContext<AuthMachine | null>(null);

export function AuthProvider({ machine, children }: { machine: AuthMachine; children: ReactNode }) {
  return <AuthContext value={machine}>{children}</AuthContext>;
}

export function useAuthMachine(): AuthMachine {
  const machine = use(AuthContext);
  if (!machine) throw new Error('useAuthMachine needs an AuthProvider above it');
  return machine;
}

export function useAuthState(): AuthState {
  const machine = useAuthMachine();
  return useSyncExternalStore(machine.subscribe, machine.getState);
}
