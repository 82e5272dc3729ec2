import { RedeemMethodScreen } from './redeem-method-screen';

export function RedeemBankScreen() {
  return <RedeemMethodScreen mode="bank" />;
}
