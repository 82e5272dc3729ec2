/** A bank the directory can name from its routing number. */
export interface DirectoryBank {
  routingNumber: string;
  name: string;
}

/**
 * A few routing numbers and their banks, enough to show a name beside a typed-in account. A
 * full directory (the Federal Reserve's E-Payments Routing Directory) would replace it; an
 * unknown number is fine and shows no name.
 */
const realBanks: readonly DirectoryBank[] = [
  { routingNumber: '021000021', name: 'JPMorgan Chase Bank' },
  { routingNumber: '026009593', name: 'Bank of America' },
  { routingNumber: '121000248', name: 'Wells Fargo Bank' },
  { routingNumber: '021000089', name: 'Citibank' },
  { routingNumber: '031176110', name: 'Capital One' },
];

/**
 * The directory for this configuration. Banks that only the bank-linking provider in use knows
 * (the sandbox's test banks) come from it, so that customers of a real provider are never shown
 * a made-up bank for a number they typed.
 */
export function createRoutingDirectory(providerBanks: readonly DirectoryBank[]) {
  const names = new Map(
    [...realBanks, ...providerBanks].map((bank) => [bank.routingNumber, bank.name] as const),
  );
  return {
    bankNameFor: (routingNumber: string): string | null => names.get(routingNumber) ?? null,
  };
}

export type RoutingDirectory = ReturnType<typeof createRoutingDirectory>;
