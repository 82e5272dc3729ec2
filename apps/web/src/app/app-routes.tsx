import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, type PathName } from '../config/paths';
import type { ReturnPathStore } from '../features/auth/return-path';
import { RequireAuth } from './guards/require-auth';
import { SignInOnly } from './guards/sign-in-only';
import { AppShell } from './layouts/app-shell';
import { PublicShell } from './layouts/public-shell';
import type { PlaceholderTitle } from './routes/placeholder-screen';

// Each screen is its own chunk so the sign-in page downloads only what it shows.
const AuthScreen = lazy(() =>
  import('./routes/auth-screen').then((m) => ({ default: m.AuthScreen })),
);
const VerifyAccountScreen = lazy(() =>
  import('./routes/verify-account-screen').then((m) => ({ default: m.VerifyAccountScreen })),
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
const ViewLaterScreen = lazy(() =>
  import('./routes/view-later-screen').then((m) => ({ default: m.ViewLaterScreen })),
);
const ClaimWelcomeScreen = lazy(() =>
  import('./routes/claim-welcome-screen').then((m) => ({ default: m.ClaimWelcomeScreen })),
);
const IntentScreen = lazy(() =>
  import('./routes/intent-screen').then((m) => ({ default: m.IntentScreen })),
);
const PlaceholderScreen = lazy(() =>
  import('./routes/placeholder-screen').then((m) => ({ default: m.PlaceholderScreen })),
);

/** Routes registered now whose screens come in later work. The key doubles as the title. */
const publicPlaceholders = ['claim', 'claimError', 'claimSuccess'] as const satisfies readonly (
  PathName | PlaceholderTitle
)[];

const authenticatedPlaceholders = [
  'updateProfile',
  'promotion',
  'spotlight',
  'redemptionHistory',
  'redemptionDetails',
  'giftCardHistory',
  'giftCardInstructions',
  'giftCardDetails',
  'visaPrepaidCardHistory',
  'refundsHistory',
  'refundDetails',
  'verifyOtp',
  'redeemDetails',
  'redeemDebit',
  'redeemDebitAddCard',
  'redeemBank',
  'redeemAddAccount',
  'redeemTink',
  'redeemPrepaid',
  'redeemGiftCard',
  'redeemGiftCardBrand',
  'redeemFanCash',
  'earnRewards',
  'earnRewardsBrand',
  'connectBank',
  'bankFailure',
  'transaction',
] as const satisfies readonly (PathName & PlaceholderTitle)[];

export function AppRoutes({ returnPaths }: { returnPaths: ReturnPathStore }) {
  return (
    <Routes>
      <Route element={<PublicShell />}>
        <Route element={<SignInOnly />}>
          <Route path={paths.auth.path} element={<AuthScreen />} />
          <Route path={paths.verifyAccount.path} element={<VerifyAccountScreen />} />
        </Route>
        <Route path={paths.claimRefund.path} element={<ClaimWelcomeScreen />} />
        <Route path={paths.intent.path} element={<IntentScreen />} />
        {publicPlaceholders.map((name) => (
          <Route key={name} path={paths[name].path} element={<PlaceholderScreen title={name} />} />
        ))}
      </Route>

      <Route element={<RequireAuth returnPaths={returnPaths} />}>
        <Route element={<AppShell />}>
          <Route path={paths.home.path} element={<HomeScreen />} />
          <Route path={paths.profile.path} element={<ProfileScreen />} />
          <Route path={paths.personalDetails.path} element={<PersonalDetailsScreen />} />
          <Route path={paths.viewLater.path} element={<ViewLaterScreen />} />
          {authenticatedPlaceholders.map((name) => (
            <Route
              key={name}
              path={paths[name].path}
              element={<PlaceholderScreen title={name} />}
            />
          ))}
        </Route>
      </Route>

      <Route path="*" element={<Navigate to={paths.home.href()} replace />} />
    </Routes>
  );
}
