import { LAYOUT } from '@linkwatch/shared';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** The phone's navigation drawer, in a chunk of its own with Radix's dialog (see AppFrame.tsx). */
export function NavDrawer({
  open,
  onOpenChange,
  title,
  closeLabel,
  logo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  logo: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 animate-fade-in desk:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex flex-col bg-slate-900 shadow-pop focus:outline-none desk:hidden"
          style={{ width: LAYOUT.sidebarWidth }}
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <div className="flex items-center justify-between pr-3">
            {logo}
            <Dialog.Close
              aria-label={closeLabel}
              className="rounded-lg p-2 text-slate-400 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
