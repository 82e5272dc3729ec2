import { cardDestination } from './card-destination';
import { RedeemMethodScreen } from './redeem-method-screen';

export function RedeemDebitScreen() {
  return <RedeemMethodScreen destination={cardDestination} />;
}
