import { formatPhone, formatShortDate } from '@refund/contracts/format';
import { preferredAddress, type Address } from '@refund/contracts/profile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card';
import { WithProfile } from './profile-query';

function AddressLines({ address }: { address: Address }) {
  return (
    <>
      <span className="block">{address.line_1}</span>
      {address.line_2 && <span className="block">{address.line_2}</span>}
      <span className="block">
        {address.city}, {address.state} {address.zipcode}
      </span>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-4 first:pt-0 last:pb-0">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-medium text-ink">{children}</dd>
    </div>
  );
}

export function PersonalDetailsCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <WithProfile>
        {(profile) => {
          const address = preferredAddress(profile.address);
          return (
            <dl className="flex flex-col divide-y divide-line">
              <Row label={t('personalDetails.name')}>
                {profile.first_name} {profile.last_name}
              </Row>
              <Row label={t('personalDetails.email')}>{profile.email}</Row>
              <Row label={t('personalDetails.phone')}>{formatPhone(profile.phone_number)}</Row>
              <Row label={t('personalDetails.address')}>
                {address ? <AddressLines address={address} /> : t('personalDetails.noAddress')}
              </Row>
              <Row label={t('personalDetails.dob')}>{formatShortDate(profile.date_of_birth)}</Row>
            </dl>
          );
        }}
      </WithProfile>
    </Card>
  );
}
