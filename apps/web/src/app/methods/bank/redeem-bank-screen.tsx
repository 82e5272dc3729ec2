import { bankDestination } from './bank-destination';
import { MethodStartScreen } from '../../routes/method-start-screen';
import { payoutStep } from '../../routes/payout-step';

const BankStep = payoutStep(bankDestination);

export function RedeemBankScreen() {
  return <MethodStartScreen mode="bank" Step={BankStep} />;
}
