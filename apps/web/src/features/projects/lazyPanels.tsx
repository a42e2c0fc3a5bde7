import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useCreateCampaign } from './createCampaign.tsx';

// These panels check their forms with the shared zod schemas. Loaded with their first open, zod (about
// 23 KB brotli) and the forms stay out of the first download of every signed-in page.
const SlideOver = lazy(() =>
  import('./CreateCampaignSlideOver.tsx').then((m) => ({ default: m.CreateCampaignSlideOver })),
);
const CampaignSettings = lazy(() =>
  import('./SettingsModals.tsx').then((m) => ({ default: m.CampaignSettingsModal })),
);
const ProjectSettings = lazy(() =>
  import('./SettingsModals.tsx').then((m) => ({ default: m.ProjectSettingsModal })),
);

/** True from the first time `open` is: the panel then stays mounted, so it can animate closed and keep its input. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The create project/campaign slide-over, opened through useCreateCampaign. */
export function CreateCampaignSlideOver() {
  const { open } = useCreateCampaign();
  if (!useOpenedOnce(open)) return null;
  return (
    <Suspense>
      <SlideOver />
    </Suspense>
  );
}

export function CampaignSettingsModal(props: ComponentProps<typeof CampaignSettings>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <CampaignSettings {...props} />
    </Suspense>
  );
}

export function ProjectSettingsModal(props: ComponentProps<typeof ProjectSettings>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense>
      <ProjectSettings {...props} />
    </Suspense>
  );
}
