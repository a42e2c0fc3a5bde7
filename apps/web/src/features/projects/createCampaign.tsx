import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

type CreateCampaign = { open: boolean; setOpen: (open: boolean) => void };

const Context = createContext<CreateCampaign>({ open: false, setOpen: () => {} });

/** The create-campaign slide-over is opened from the sidebar and from pages (the dashboard). */
export function CreateCampaignProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useCreateCampaign(): CreateCampaign {
  return useContext(Context);
}
