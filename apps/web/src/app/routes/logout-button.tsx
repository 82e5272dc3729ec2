import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { useAuthMachine } from '../../features/auth/auth-context';

export function LogoutButton() {
  const { t } = useTranslation();
  const auth = useAuthMachine();
  const [pending, setPending] = useState(false);
  const onClick = () => {
    setPending(true);
    void auth.logout();
  };
  return (
    <Button variant="danger" onClick={onClick} loading={pending} className="w-full sm:w-auto">
      {t('profile.logout')}
    </Button>
  );
}
