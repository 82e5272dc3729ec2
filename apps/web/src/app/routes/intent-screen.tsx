import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PlaceholderScreen } from './placeholder-screen';

/** /intent: the email magic link. Without an id there is nothing to verify (SPEC §2). */
export function IntentScreen() {
  const [params] = useSearchParams();
  if (!params.get('id')) return <Navigate to={paths.home.href()} replace />;
  return <PlaceholderScreen title="intent" />;
}
