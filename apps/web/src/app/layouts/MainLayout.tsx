import { CreateCampaignSlideOver } from '@/features/projects/CreateCampaignSlideOver.tsx';
import { CreateCampaignProvider } from '@/features/projects/createCampaign.tsx';
import { MainNav } from '@/features/shell/Sidebar.tsx';
import { BlockedBanner, WarningBanner } from '@/features/shell/WarningBanner.tsx';
import { AppFrame } from './AppFrame.tsx';

export function MainLayout() {
  return (
    <CreateCampaignProvider>
      <AppFrame
        nav={(props) => <MainNav {...props} />}
        banner={
          <>
            <BlockedBanner />
            <WarningBanner />
          </>
        }
        extras={<CreateCampaignSlideOver />}
      />
    </CreateCampaignProvider>
  );
}
