import { bankDestination } from './bank-destination';
import { RedeemMethodScreen } from './redeem-method-screen';

export function RedeemBankScreen() {
  return <RedeemMethodScreen destination={bankDestination} />;
}
