import { cardDestination } from './card-destination';
import { MethodStartScreen } from '../../routes/method-start-screen';
import { payoutStep } from '../../routes/payout-step';

const CardStep = payoutStep(cardDestination);

export function RedeemDebitScreen() {
  return <MethodStartScreen mode="debit" Step={CardStep} />;
}
