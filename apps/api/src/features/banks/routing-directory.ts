import { sandboxLinkBanks } from '../../providers/sandbox-bank-linking';

/**
 * A few routing numbers and their banks, enough to show a name beside a typed-in account. A
 * full directory (the Federal Reserve's E-Payments Routing Directory) would replace it; an
 * unknown number is fine and shows no name.
 */
const directory = new Map<string, string>([
  ['021000021', 'JPMorgan Chase Bank'],
  ['026009593', 'Bank of America'],
  ['121000248', 'Wells Fargo Bank'],
  ['021000089', 'Citibank'],
  ['031176110', 'Capital One'],
  ...sandboxLinkBanks.map((bank) => [bank.routingNumber, bank.name] as const),
]);

export const bankNameFor = (routingNumber: string): string | null =>
  directory.get(routingNumber) ?? null;
