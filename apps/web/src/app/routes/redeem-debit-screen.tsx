import { RedeemMethodScreen } from './redeem-method-screen';

export function RedeemDebitScreen() {
  return <RedeemMethodScreen mode="debit" />;
}
