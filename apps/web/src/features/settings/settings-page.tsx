import { hasCapability } from '@parley/contracts';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { useSignedInSession } from '@/lib/session';
import { LinkedIdentitiesCard } from './components/linked-identities-card';
import { MfaCard } from './components/mfa-card';
import { PasskeysCard } from './components/passkeys-card';
import { NotificationsCard, SignatureCard } from './components/preferences-cards';
import { ProfileCard } from './components/profile-card';
import { SessionsCard } from './components/sessions-card';
import { WeeklyReportCard } from './components/weekly-report-card';

/** docs/product.md §2 Settings, with the self-service security: two-factor authentication and sessions. */
export function SettingsPage() {
  const session = useSignedInSession();
  return (
    <Page>
      <PageHeader title="Settings" subtitle="Your profile, email signature, notifications and security" />
      <ProfileCard session={session} />
      <MfaCard email={session.user.email} />
      <PasskeysCard email={session.user.email} />
      <LinkedIdentitiesCard />
      <SessionsCard />
      <SignatureCard />
      <NotificationsCard />
      {hasCapability(session.role, 'admin.manage') ? <WeeklyReportCard /> : null}
    </Page>
  );
}
