import { useTranslation } from 'react-i18next';
import { ApiKeysSection } from '@/features/integrations/ApiKeysSection.tsx';
import { WebhooksSection } from '@/features/integrations/WebhooksSection.tsx';
import { ChangePasswordForm } from '@/features/profile/ChangePasswordForm.tsx';
import { LanguageForm } from '@/features/profile/LanguageForm.tsx';
import { PersonalInfoForm } from '@/features/profile/PersonalInfoForm.tsx';
import { RecipientsSection } from '@/features/reports';
import { UsersSection } from '@/features/team/UsersSection.tsx';
import { useCan, useCurrentAccount } from '@/lib/account.ts';
import { useMe } from '@/lib/session.ts';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { ProfileSection } from '@/ui/ProfileSection.tsx';

export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useMe().data;
  const canManageTeam = useCan('team.manage', false);
  const canManageRecipients = useCan('recipients.manage');
  // The account's own profile (company and invoice details) is its owner's; a member edits theirs at /user/profile.
  const isOwner = useCurrentAccount()?.attributes.isOwner ?? true;
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      <div className="divide-y divide-line">
        {isOwner ? (
          <ProfileSection title={t('profile.personal.title')} description={t('profile.personal.description')}>
            <PersonalInfoForm key={user.id} user={user} />
          </ProfileSection>
        ) : null}
        <ProfileSection title={t('profile.password.title')} description={t('profile.password.description')}>
          <ChangePasswordForm />
        </ProfileSection>
        <ProfileSection title={t('profile.language.title')} description={t('profile.language.description')}>
          <LanguageForm />
        </ProfileSection>
        {canManageRecipients ? <RecipientsSection /> : null}
        <ApiKeysSection />
        <WebhooksSection />
        {canManageTeam ? <UsersSection /> : null}
      </div>
    </>
  );
}
