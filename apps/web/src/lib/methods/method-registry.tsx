import { createContext, use, type ReactNode } from 'react';
import type { MethodScreen, MethodUI } from './method-ui';

/**
 * The methods the app knows, by mode. The app hands in its registry, which names every mode of
 * the contracts (a missing one fails to compile there); a test may hand in that registry with a
 * mode of its own beside them. Looked up by any string, as the API names modes.
 */
export type MethodRegistry = Readonly<Partial<Record<string, MethodUI>>>;

const MethodRegistryContext = createContext<MethodRegistry | null>(null);

export function MethodRegistryProvider({
  registry,
  children,
}: {
  registry: MethodRegistry;
  children: ReactNode;
}) {
  return <MethodRegistryContext value={registry}>{children}</MethodRegistryContext>;
}

export function useMethodRegistry(): MethodRegistry {
  const registry = use(MethodRegistryContext);
  if (!registry) throw new Error('No method registry: render inside MethodRegistryProvider.');
  return registry;
}

/**
 * The method of `mode`. A mode the app does not know is an error, never another method's
 * screens: a payout shown as the wrong method would mislead about where money went.
 */
export function methodOf(registry: MethodRegistry, mode: string): MethodUI {
  const method = registry[mode];
  if (!method) throw new Error(`No screens for the redemption method "${mode}".`);
  return method;
}

/** Every method's own screens: routes of the app's, and pages to return to after sign-in. */
export function methodScreens(registry: MethodRegistry): MethodScreen[] {
  return Object.values(registry).flatMap((method) => method?.screens ?? []);
}

export const useMethodUI = (mode: string): MethodUI => methodOf(useMethodRegistry(), mode);
