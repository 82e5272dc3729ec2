import { z } from 'zod';

/** What every destination says: the brand, the bank and the last four digits, where it has them. */
export const destinationBase = {
  /** The card network, the gift card's brand name, or "FanCash"; null for a bank account. */
  brand: z.string().nullable(),
  /** The bank's name where known; null for anything but a bank account. */
  bank_name: z.string().nullable(),
  /** The last four digits; empty where the destination has none (a gift card, FanCash). */
  last4: z.string(),
};

/** A destination's shape on the wire: its kind, what every destination says, and its own fields. */
export type DestinationShape = z.ZodObject<{ kind: z.ZodLiteral<string> } & typeof destinationBase>;

/** An error only this method answers: its wire code, HTTP status and default message. */
export interface MethodError {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

/**
 * What the contracts know of one redemption method: its mode, the shape of what it pays to (a
 * transaction's `destination`, discriminated by `kind`; two modes may pay to the same kind) and
 * the errors only it answers. `method-contracts.ts` lists them; the modes, the destination kinds,
 * the transaction's destination and the error catalogue are read from that list.
 */
export interface MethodContract {
  readonly mode: string;
  readonly destination: DestinationShape;
  readonly errors: Readonly<Record<string, MethodError>>;
}

export const defineMethodContract = <
  const Mode extends string,
  Destination extends DestinationShape,
  const Errors extends Readonly<Record<string, MethodError>> = Record<never, MethodError>,
>(contract: {
  mode: Mode;
  destination: Destination;
  errors?: Errors;
}): { mode: Mode; destination: Destination; errors: Errors } => ({
  mode: contract.mode,
  destination: contract.destination,
  // No errors of its own: an empty record of the declared type.
  errors: contract.errors ?? ({} as Errors),
});

/** The list as a non-empty tuple, as an enum or a union is built from: the method list is never empty. */
export function nonEmpty<T>(items: readonly T[]): readonly [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('The contracts list no redemption method.');
  return [first, ...rest];
}
