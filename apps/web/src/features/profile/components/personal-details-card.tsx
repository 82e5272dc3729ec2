import { formatPhone, formatShortDate } from '@refund/contracts/format';
import { preferredAddress, type Address, type Profile } from '@refund/contracts/profile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonVariants } from '../../../components/button';
import { Card } from '../../../components/card';
import { paths } from '../../../config/paths';
import { EmailForm, NameAndBirthForm, PhoneForm } from './personal-details-forms';
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

interface RowProps {
  label: string;
  children: ReactNode;
  /** The row's Edit action, named for what it edits. */
  action?: ReactNode;
}

function Row({ label, children, action }: RowProps) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2 gap-y-1 py-4 first:pt-0 last:pb-0">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="col-start-1 font-medium break-words text-ink">{children}</dd>
      {action && <dd className="col-start-2 row-span-2 row-start-1">{action}</dd>}
    </div>
  );
}

type Editing = 'details' | 'email' | 'phone' | null;

function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" className="min-h-11 px-3" aria-label={label} onClick={onClick}>
      {t('profileEdit.edit')}
    </Button>
  );
}

function Badge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
        verified ? 'bg-success text-on-primary' : 'bg-surface-muted text-ink'
      }`}
    >
      {verified ? t('profileEdit.verified') : t('profileEdit.notVerified')}
    </span>
  );
}

function Details({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const address = preferredAddress(profile.address);
  const others = Math.max(profile.address.length - 1, 0);
  const done = () => setEditing(null);

  if (editing) {
    const title = {
      details: t('profileEdit.detailsTitle'),
      email: t('profileEdit.emailTitle'),
      phone: t('profileEdit.phoneTitle'),
    }[editing];
    return (
      <section aria-label={title} className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        {editing === 'details' && <NameAndBirthForm profile={profile} onDone={done} />}
        {editing === 'email' && <EmailForm profile={profile} onDone={done} />}
        {editing === 'phone' && <PhoneForm profile={profile} onDone={done} />}
      </section>
    );
  }

  const editDetails = () => setEditing('details');
  return (
    <dl className="flex flex-col divide-y divide-line">
      <Row
        label={t('personalDetails.name')}
        action={<EditButton label={t('profileEdit.editName')} onClick={editDetails} />}
      >
        {profile.first_name} {profile.last_name}
      </Row>
      <Row
        label={t('personalDetails.email')}
        action={
          <EditButton label={t('profileEdit.editEmail')} onClick={() => setEditing('email')} />
        }
      >
        {/* A space of its own: without it a screen reader reads the address and the badge as one word. */}
        {profile.email} <Badge verified={profile.email_verified} />
        {profile.pending_email && (
          <span className="mt-1 block text-sm font-normal text-ink-muted" role="status">
            {t('profileEdit.pending', { email: profile.pending_email })}
          </span>
        )}
      </Row>
      <Row
        label={t('personalDetails.phone')}
        action={
          <EditButton label={t('profileEdit.editPhone')} onClick={() => setEditing('phone')} />
        }
      >
        {formatPhone(profile.phone_number)}
      </Row>
      <Row
        label={t('personalDetails.address')}
        action={
          <Link
            to={paths.updateProfile.href()}
            aria-label={t('profileEdit.editAddresses')}
            className={`${buttonVariants.ghost} min-h-11 px-3`}
          >
            {t('profileEdit.edit')}
          </Link>
        }
      >
        {address ? <AddressLines address={address} /> : t('personalDetails.noAddress')}
        {others > 0 && (
          <span className="mt-1 block text-sm font-normal text-ink-muted">
            {t('profileEdit.otherAddresses', { count: others })}
          </span>
        )}
      </Row>
      <Row
        label={t('personalDetails.dob')}
        action={<EditButton label={t('profileEdit.editDob')} onClick={editDetails} />}
      >
        {formatShortDate(profile.date_of_birth)}
      </Row>
    </dl>
  );
}

/** Personal Details: each detail with its Edit action; the forms open in place. */
export function PersonalDetailsCard() {
  return (
    <Card>
      <WithProfile>{(profile) => <Details profile={profile} />}</WithProfile>
    </Card>
  );
}
