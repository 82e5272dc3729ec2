import type { RedemptionMode } from '@refund/contracts/wallet';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';

/** The customer's saved destinations of one kind, as their query holds them. */
export interface SavedDestinations<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * What the redemption flow needs from one kind of payout destination, e.g. a debit card or a
 * bank account. The flow knows nothing of any kind; the app hands it the one its method pays
 * out to, so a new kind of destination leaves the flow as it is.
 */
export interface PayoutDestination<T> {
  /** The redemption method that pays out to this kind. */
  readonly mode: RedemptionMode;
  readonly useSaved: () => SavedDestinations<T>;
  readonly idOf: (destination: T) => string;
  /** How the flow names one, from the list to Confirm Details: 'Visa •••• 5556'. */
  readonly label: (destination: T) => string;
  /** The line under its name in the list. */
  readonly detail: (t: TFunction, destination: T) => string;
  /** The ways to add one, shown under the list. */
  readonly AddActions: ComponentType;
}
