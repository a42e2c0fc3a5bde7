import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/features/profile/ChangePasswordForm.tsx';
import { LanguageForm } from '@/features/profile/LanguageForm.tsx';
import { PersonalInfoForm } from '@/features/profile/PersonalInfoForm.tsx';
import { useMe } from '@/lib/session.ts';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { ProfileSection } from '@/ui/ProfileSection.tsx';

/**
 * /user/profile (issue 27): the signed-in person's own profile (name, e-mail, password, language), in
 * whichever account they work; the account's profile with its team is /profile.
 */
export default function UserProfilePage() {
  const { t } = useTranslation();
  const user = useMe().data;
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('shell.pages.userProfile')} description={t('team.userProfile.subtitle')} />
      <div className="divide-y divide-line">
        <ProfileSection title={t('profile.personal.title')} description={t('profile.personal.description')}>
          <PersonalInfoForm key={user.id} user={user} />
        </ProfileSection>
        <ProfileSection title={t('profile.password.title')} description={t('profile.password.description')}>
          <ChangePasswordForm />
        </ProfileSection>
        <ProfileSection title={t('profile.language.title')} description={t('profile.language.description')}>
          <LanguageForm />
        </ProfileSection>
      </div>
    </>
  );
}
