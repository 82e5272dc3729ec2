import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths';
import type { ReturnPathStore } from '../features/auth/return-path';
import { RequireAuth } from './guards/require-auth';
import { SignInOnly } from './guards/sign-in-only';
import { AppShell } from './layouts/app-shell';
import { PublicShell } from './layouts/public-shell';

// Each screen is its own chunk so the sign-in page downloads only what it shows.
const AuthScreen = lazy(() =>
  import('./routes/auth-screen').then((m) => ({ default: m.AuthScreen })),
);
const VerifyAccountRoute = lazy(() =>
  import('./routes/verify-account-route').then((m) => ({ default: m.VerifyAccountRoute })),
);
const HomeScreen = lazy(() =>
  import('./routes/home-screen').then((m) => ({ default: m.HomeScreen })),
);
const ProfileScreen = lazy(() =>
  import('./routes/profile-screen').then((m) => ({ default: m.ProfileScreen })),
);
const PersonalDetailsScreen = lazy(() =>
  import('./routes/personal-details-screen').then((m) => ({ default: m.PersonalDetailsScreen })),
);
const ClaimWelcomeScreen = lazy(() =>
  import('./routes/claim-welcome-screen').then((m) => ({ default: m.ClaimWelcomeScreen })),
);
const ClaimScreen = lazy(() =>
  import('./routes/claim-screen').then((m) => ({ default: m.ClaimScreen })),
);
const ClaimSuccessScreen = lazy(() =>
  import('./routes/claim-success-screen').then((m) => ({ default: m.ClaimSuccessScreen })),
);
const ClaimErrorScreen = lazy(() =>
  import('./routes/claim-error-screen').then((m) => ({ default: m.ClaimErrorScreen })),
);
const RefundsHistoryScreen = lazy(() =>
  import('./routes/refunds-history-screen').then((m) => ({ default: m.RefundsHistoryScreen })),
);
const RefundDetailsScreen = lazy(() =>
  import('./routes/refund-details-screen').then((m) => ({ default: m.RefundDetailsScreen })),
);
const IntentScreen = lazy(() =>
  import('./routes/intent-screen').then((m) => ({ default: m.IntentScreen })),
);
const RedemptionHistoryScreen = lazy(() =>
  import('./routes/redemption-history-screen').then((m) => ({
    default: m.RedemptionHistoryScreen,
  })),
);
const RedemptionDetailsScreen = lazy(() =>
  import('./routes/redemption-details-screen').then((m) => ({
    default: m.RedemptionDetailsScreen,
  })),
);
const TransactionScreen = lazy(() =>
  import('./routes/transaction-screen').then((m) => ({ default: m.TransactionScreen })),
);
const RedeemDebitScreen = lazy(() =>
  import('./routes/redeem-debit-screen').then((m) => ({ default: m.RedeemDebitScreen })),
);
const RedeemAddCardScreen = lazy(() =>
  import('./routes/redeem-add-card-screen').then((m) => ({ default: m.RedeemAddCardScreen })),
);
const RedeemBankScreen = lazy(() =>
  import('./routes/redeem-bank-screen').then((m) => ({ default: m.RedeemBankScreen })),
);
const RedeemAddAccountScreen = lazy(() =>
  import('./routes/redeem-add-account-screen').then((m) => ({ default: m.RedeemAddAccountScreen })),
);
const ConnectBankScreen = lazy(() =>
  import('./routes/connect-bank-screen').then((m) => ({ default: m.ConnectBankScreen })),
);
const RedeemTinkScreen = lazy(() =>
  import('./routes/redeem-tink-screen').then((m) => ({ default: m.RedeemTinkScreen })),
);
const BankFailureScreen = lazy(() =>
  import('./routes/bank-failure-screen').then((m) => ({ default: m.BankFailureScreen })),
);
const RedeemDetailsScreen = lazy(() =>
  import('./routes/redeem-details-screen').then((m) => ({ default: m.RedeemDetailsScreen })),
);
const VerifyOtpScreen = lazy(() =>
  import('./routes/verify-otp-screen').then((m) => ({ default: m.VerifyOtpScreen })),
);
const UpdateProfileScreen = lazy(() =>
  import('./routes/update-profile-screen').then((m) => ({ default: m.UpdateProfileScreen })),
);
const RedeemGiftCardScreen = lazy(() =>
  import('./routes/redeem-giftcard-screen').then((m) => ({ default: m.RedeemGiftCardScreen })),
);
const RedeemGiftCardBrandScreen = lazy(() =>
  import('./routes/redeem-giftcard-brand-screen').then((m) => ({
    default: m.RedeemGiftCardBrandScreen,
  })),
);
const RedeemSportsGiftCardScreen = lazy(() =>
  import('./routes/redeem-sports-giftcard-screen').then((m) => ({
    default: m.RedeemSportsGiftCardScreen,
  })),
);
const GiftCardHistoryScreen = lazy(() =>
  import('./routes/gift-card-history-screen').then((m) => ({ default: m.GiftCardHistoryScreen })),
);
const GiftCardDetailsScreen = lazy(() =>
  import('./routes/gift-card-details-screen').then((m) => ({ default: m.GiftCardDetailsScreen })),
);
const GiftCardInstructionsScreen = lazy(() =>
  import('./routes/gift-card-instructions-screen').then((m) => ({
    default: m.GiftCardInstructionsScreen,
  })),
);
const RedeemPrepaidScreen = lazy(() =>
  import('./routes/redeem-prepaid-screen').then((m) => ({ default: m.RedeemPrepaidScreen })),
);
const RedeemFanCashScreen = lazy(() =>
  import('./routes/redeem-fancash-screen').then((m) => ({ default: m.RedeemFanCashScreen })),
);
const VisaPrepaidCardHistoryScreen = lazy(() =>
  import('./routes/visa-prepaid-card-history-screen').then((m) => ({
    default: m.VisaPrepaidCardHistoryScreen,
  })),
);
const ViewLaterScreen = lazy(() =>
  import('./routes/view-later-screen').then((m) => ({ default: m.ViewLaterScreen })),
);
const PromotionScreen = lazy(() =>
  import('./routes/promotion-screen').then((m) => ({ default: m.PromotionScreen })),
);
const SpotlightScreen = lazy(() =>
  import('./routes/spotlight-screen').then((m) => ({ default: m.SpotlightScreen })),
);
const FreePlayScreen = lazy(() =>
  import('./routes/free-play-screen').then((m) => ({ default: m.FreePlayScreen })),
);
const EarnRewardsScreen = lazy(() =>
  import('./routes/earn-rewards-screen').then((m) => ({ default: m.EarnRewardsScreen })),
);
const EarnRewardsBrandScreen = lazy(() =>
  import('./routes/earn-rewards-brand-screen').then((m) => ({
    default: m.EarnRewardsBrandScreen,
  })),
);

/** The correctly spelt success address leads to the SPEC's one, keeping its state. */
function ClaimSuccessAlias() {
  const location = useLocation();
  return <Navigate to={paths.claimSuccess.href()} replace state={location.state as unknown} />;
}

export function AppRoutes({ returnPaths }: { returnPaths: ReturnPathStore }) {
  return (
    <Routes>
      <Route element={<PublicShell />}>
        <Route element={<SignInOnly />}>
          <Route path={paths.auth.path} element={<AuthScreen />} />
        </Route>
        {/* Sign-in codes are for signed-out visitors; refund codes may be needed signed in. */}
        <Route
          path={paths.verifyAccount.path}
          element={<VerifyAccountRoute returnPaths={returnPaths} />}
        />
        <Route path={paths.claim.path} element={<ClaimScreen returnPaths={returnPaths} />} />
        <Route
          path={paths.claimRefund.path}
          element={<ClaimWelcomeScreen returnPaths={returnPaths} />}
        />
        <Route
          path={paths.claimSuccess.path}
          element={<ClaimSuccessScreen returnPaths={returnPaths} />}
        />
        <Route path={paths.claimSuccessAlias.path} element={<ClaimSuccessAlias />} />
        <Route path={paths.claimError.path} element={<ClaimErrorScreen />} />
        <Route path={paths.intent.path} element={<IntentScreen />} />
      </Route>

      <Route element={<RequireAuth returnPaths={returnPaths} />}>
        <Route element={<AppShell />}>
          <Route path={paths.home.path} element={<HomeScreen />} />
          <Route path={paths.profile.path} element={<ProfileScreen />} />
          <Route path={paths.personalDetails.path} element={<PersonalDetailsScreen />} />
          <Route path={paths.refundsHistory.path} element={<RefundsHistoryScreen />} />
          <Route path={paths.refundDetails.path} element={<RefundDetailsScreen />} />
          <Route path={paths.redemptionHistory.path} element={<RedemptionHistoryScreen />} />
          <Route path={paths.redemptionDetails.path} element={<RedemptionDetailsScreen />} />
          <Route path={paths.transaction.path} element={<TransactionScreen />} />
          <Route path={paths.redeemDebit.path} element={<RedeemDebitScreen />} />
          <Route path={paths.redeemDebitAddCard.path} element={<RedeemAddCardScreen />} />
          <Route path={paths.redeemBank.path} element={<RedeemBankScreen />} />
          <Route path={paths.redeemAddAccount.path} element={<RedeemAddAccountScreen />} />
          <Route path={paths.connectBank.path} element={<ConnectBankScreen />} />
          <Route path={paths.redeemTink.path} element={<RedeemTinkScreen />} />
          <Route path={paths.bankFailure.path} element={<BankFailureScreen />} />
          <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
          <Route path={paths.verifyOtp.path} element={<VerifyOtpScreen />} />
          <Route path={paths.updateProfile.path} element={<UpdateProfileScreen />} />
          <Route path={paths.promotion.path} element={<PromotionScreen />} />
          <Route path={paths.spotlight.path} element={<SpotlightScreen />} />
          <Route path={paths.freePlay.path} element={<FreePlayScreen />} />
          <Route path={paths.redeemGiftCard.path} element={<RedeemGiftCardScreen />} />
          <Route path={paths.redeemGiftCardBrand.path} element={<RedeemGiftCardBrandScreen />} />
          <Route path={paths.redeemSportsGiftCard.path} element={<RedeemSportsGiftCardScreen />} />
          <Route path={paths.giftCardHistory.path} element={<GiftCardHistoryScreen />} />
          {/* A fixed segment outranks :reward_reference_id, so this is never taken for a card. */}
          <Route path={paths.giftCardInstructions.path} element={<GiftCardInstructionsScreen />} />
          <Route path={paths.giftCardDetails.path} element={<GiftCardDetailsScreen />} />
          <Route path={paths.viewLater.path} element={<ViewLaterScreen />} />
          <Route path={paths.redeemPrepaid.path} element={<RedeemPrepaidScreen />} />
          <Route path={paths.redeemFanCash.path} element={<RedeemFanCashScreen />} />
          <Route
            path={paths.visaPrepaidCardHistory.path}
            element={<VisaPrepaidCardHistoryScreen />}
          />
          <Route path={paths.earnRewards.path} element={<EarnRewardsScreen />} />
          <Route path={paths.earnRewardsBrand.path} element={<EarnRewardsBrandScreen />} />
        </Route>
      </Route>

      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}
