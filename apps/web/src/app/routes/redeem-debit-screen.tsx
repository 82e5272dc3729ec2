import { cardDestination } from './card-destination';
import { MethodStartScreen } from './method-start-screen';
import { payoutStep } from './payout-step';

const CardStep = payoutStep(cardDestination);

export function RedeemDebitScreen() {
  return <MethodStartScreen mode="debit" Step={CardStep} />;
}
