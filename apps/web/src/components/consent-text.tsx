import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

const linkClass = 'font-semibold text-primary underline underline-offset-4';

/**
 * A consent sentence whose <terms> and <privacy> parts link to the two documents. They open in a
 * new tab: every consent sits beside a form or a claim in progress that leaving would lose.
 */
export function ConsentText({ i18nKey }: { i18nKey: 'auth.acceptTerms' | 'claim.terms' }) {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{
        terms: (
          <Link
            to={paths.terms.href()}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          />
        ),
        privacy: (
          <Link
            to={paths.privacy.href()}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          />
        ),
      }}
    />
  );
}
