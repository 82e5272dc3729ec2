import type { ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths';
import type { ReturnPathStore } from '../features/auth/return-path';
import { RequireAuth } from './guards/require-auth';
import { SignInOnly } from './guards/sign-in-only';
import { AppShell } from './layouts/app-shell';
import { PublicShell } from './layouts/public-shell';
import type { LandingScreen } from './landing-screens';
import { lazyScreen } from './lazy-screen';
import { methodScreens, useMethodRegistry } from '../lib/methods/method-registry';

// Each screen is its own chunk so the sign-in page downloads only what it shows.
// A page opened on sign-up waits for its part too, as for the screen itself (see start.tsx).
const AuthScreen = lazyScreen(
  () =>
    import('./routes/auth-screen').then(async (screen) => {
      if (screen.isSignUpMode(window.location.search)) await screen.preloadSignUp();
      return screen;
    }),
  'AuthScreen',
);
const VerifyAccountRoute = lazyScreen(
  () => import('./routes/verify-account-route'),
  'VerifyAccountRoute',
);
const HomeScreen = lazyScreen(() => import('./routes/home-screen'), 'HomeScreen');
const ProfileScreen = lazyScreen(() => import('./routes/profile-screen'), 'ProfileScreen');
const PersonalDetailsScreen = lazyScreen(
  () => import('./routes/personal-details-screen'),
  'PersonalDetailsScreen',
);
const ClaimWelcomeScreen = lazyScreen(
  () => import('./routes/claim-welcome-screen'),
  'ClaimWelcomeScreen',
);
const ClaimScreen = lazyScreen(() => import('./routes/claim-screen'), 'ClaimScreen');
const ClaimSuccessScreen = lazyScreen(
  () => import('./routes/claim-success-screen'),
  'ClaimSuccessScreen',
);
const ClaimErrorScreen = lazyScreen(
  () => import('./routes/claim-error-screen'),
  'ClaimErrorScreen',
);
const RefundsHistoryScreen = lazyScreen(
  () => import('./routes/refunds-history-screen'),
  'RefundsHistoryScreen',
);
const RefundDetailsScreen = lazyScreen(
  () => import('./routes/refund-details-screen'),
  'RefundDetailsScreen',
);
const IntentScreen = lazyScreen(() => import('./routes/intent-screen'), 'IntentScreen');
const ReportChangeScreen = lazyScreen(
  () => import('./routes/report-change-screen'),
  'ReportChangeScreen',
);
const RedemptionHistoryScreen = lazyScreen(
  () => import('./routes/redemption-history-screen'),
  'RedemptionHistoryScreen',
);
const RedemptionDetailsScreen = lazyScreen(
  () => import('./routes/redemption-details-screen'),
  'RedemptionDetailsScreen',
);
const TransactionScreen = lazyScreen(
  () => import('./routes/transaction-screen'),
  'TransactionScreen',
);
const RedeemDetailsScreen = lazyScreen(
  () => import('./routes/redeem-details-screen'),
  'RedeemDetailsScreen',
);
const VerifyOtpScreen = lazyScreen(() => import('./routes/verify-otp-screen'), 'VerifyOtpScreen');
const UpdateProfileScreen = lazyScreen(
  () => import('./routes/update-profile-screen'),
  'UpdateProfileScreen',
);
const GiftCardHistoryScreen = lazyScreen(
  () => import('./routes/gift-card-history-screen'),
  'GiftCardHistoryScreen',
);
const GiftCardDetailsScreen = lazyScreen(
  () => import('./routes/gift-card-details-screen'),
  'GiftCardDetailsScreen',
);
const GiftCardInstructionsScreen = lazyScreen(
  () => import('./routes/gift-card-instructions-screen'),
  'GiftCardInstructionsScreen',
);
const VisaPrepaidCardHistoryScreen = lazyScreen(
  () => import('./routes/visa-prepaid-card-history-screen'),
  'VisaPrepaidCardHistoryScreen',
);
const ViewLaterScreen = lazyScreen(() => import('./routes/view-later-screen'), 'ViewLaterScreen');
const PromotionScreen = lazyScreen(() => import('./routes/promotion-screen'), 'PromotionScreen');
const SpotlightScreen = lazyScreen(() => import('./routes/spotlight-screen'), 'SpotlightScreen');
const FreePlayScreen = lazyScreen(() => import('./routes/free-play-screen'), 'FreePlayScreen');

const SecurityActivityScreen = lazyScreen(
  () => import('./routes/security-activity-screen'),
  'SecurityActivityScreen',
);
const PaymentMethodsScreen = lazyScreen(
  () => import('./routes/payment-methods-screen'),
  'PaymentMethodsScreen',
);
const CloseAccountScreen = lazyScreen(
  () => import('./routes/close-account-screen'),
  'CloseAccountScreen',
);
const AccountClosedScreen = lazyScreen(
  () => import('./routes/account-closed-screen'),
  'AccountClosedScreen',
);
const LegalScreen = lazyScreen(() => import('./routes/legal-screen'), 'LegalScreen');

/** The screens of landing-screens.ts, for start.tsx to load before the first render. */
export const landingScreens: Record<LandingScreen, ComponentType<never>> = {
  auth: AuthScreen,
  home: HomeScreen,
  claim: ClaimScreen,
};

/** The correctly spelt success address leads to the SPEC's one, keeping its state. */
function ClaimSuccessAlias() {
  const location = useLocation();
  return <Navigate to={paths.claimSuccess.href()} replace state={location.state as unknown} />;
}

export function AppRoutes({ returnPaths }: { returnPaths: ReturnPathStore }) {
  // Each redemption method's own screens come with its entry in the registry.
  const screens = methodScreens(useMethodRegistry());
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
        <Route path={paths.intent.path} element={<IntentScreen returnPaths={returnPaths} />} />
        <Route path={paths.reportChange.path} element={<ReportChangeScreen />} />
        {/* Open signed in and signed out: the consent checkboxes link here. */}
        <Route path={paths.terms.path} element={<LegalScreen document="terms" />} />
        <Route path={paths.privacy.path} element={<LegalScreen document="privacy" />} />
        <Route path={paths.accountClosed.path} element={<AccountClosedScreen />} />
      </Route>

      <Route element={<RequireAuth returnPaths={returnPaths} />}>
        <Route element={<AppShell />}>
          <Route path={paths.home.path} element={<HomeScreen />} />
          <Route path={paths.profile.path} element={<ProfileScreen />} />
          <Route path={paths.personalDetails.path} element={<PersonalDetailsScreen />} />
          <Route path={paths.securityActivity.path} element={<SecurityActivityScreen />} />
          <Route path={paths.closeAccount.path} element={<CloseAccountScreen />} />
          <Route path={paths.paymentMethods.path} element={<PaymentMethodsScreen />} />
          <Route path={paths.refundsHistory.path} element={<RefundsHistoryScreen />} />
          <Route path={paths.refundDetails.path} element={<RefundDetailsScreen />} />
          <Route path={paths.redemptionHistory.path} element={<RedemptionHistoryScreen />} />
          <Route path={paths.redemptionDetails.path} element={<RedemptionDetailsScreen />} />
          <Route path={paths.transaction.path} element={<TransactionScreen />} />
          {screens.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path={paths.redeemDetails.path} element={<RedeemDetailsScreen />} />
          <Route path={paths.verifyOtp.path} element={<VerifyOtpScreen />} />
          <Route path={paths.updateProfile.path} element={<UpdateProfileScreen />} />
          <Route path={paths.promotion.path} element={<PromotionScreen />} />
          <Route path={paths.spotlight.path} element={<SpotlightScreen />} />
          <Route path={paths.freePlay.path} element={<FreePlayScreen />} />
          <Route path={paths.giftCardHistory.path} element={<GiftCardHistoryScreen />} />
          {/* A fixed segment outranks :reward_reference_id, so this is never taken for a card. */}
          <Route path={paths.giftCardInstructions.path} element={<GiftCardInstructionsScreen />} />
          <Route path={paths.giftCardDetails.path} element={<GiftCardDetailsScreen />} />
          <Route path={paths.viewLater.path} element={<ViewLaterScreen />} />
          <Route
            path={paths.visaPrepaidCardHistory.path}
            element={<VisaPrepaidCardHistoryScreen />}
          />
        </Route>
      </Route>

      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}
