import { ActingBanner } from '@/features/admin';
import { CreateCampaignProvider, CreateCampaignSlideOver } from '@/features/projects';
import { BlockedBanner, MainNav, WarningBanner } from '@/features/shell';
import { AppFrame } from './AppFrame.tsx';

export function MainLayout() {
  return (
    <CreateCampaignProvider>
      <AppFrame
        nav={(props) => <MainNav {...props} />}
        banner={
          <>
            <ActingBanner />
            <BlockedBanner />
            <WarningBanner />
          </>
        }
        extras={<CreateCampaignSlideOver />}
      />
    </CreateCampaignProvider>
  );
}
