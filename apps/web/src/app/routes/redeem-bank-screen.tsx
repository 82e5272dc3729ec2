import { bankDestination } from './bank-destination';
import { MethodStartScreen } from './method-start-screen';
import { payoutStep } from './payout-step';

const BankStep = payoutStep(bankDestination);

export function RedeemBankScreen() {
  return <MethodStartScreen mode="bank" Step={BankStep} />;
}
