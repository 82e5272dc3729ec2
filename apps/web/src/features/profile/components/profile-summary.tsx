import { formatPhone } from '@refund/contracts/format';
import { Card } from '../../../components/card';
import { WithProfile } from './profile-query';

export function ProfileSummary() {
  return (
    <Card className="flex items-center gap-4">
      <WithProfile>
        {(profile) => (
          <>
            <span
              aria-hidden="true"
              className="grid size-14 shrink-0 place-items-center rounded-full bg-primary-soft text-lg font-bold text-on-primary-soft"
            >
              {profile.first_name.charAt(0)}
              {profile.last_name.charAt(0)}
            </span>
            <div className="flex min-w-0 flex-col">
              <p className="truncate text-lg font-semibold text-ink">
                {profile.first_name} {profile.last_name}
              </p>
              <p data-testid="profile-phone" className="text-ink-muted tabular-nums">
                {formatPhone(profile.phone_number)}
              </p>
              <p data-testid="profile-email" className="truncate text-ink-muted">
                {profile.email}
              </p>
            </div>
          </>
        )}
      </WithProfile>
    </Card>
  );
}
