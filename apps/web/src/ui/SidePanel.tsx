import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  actions?: ReactNode;
  children: ReactNode;
};

/** A wide panel from the right edge for the details of one row (the link side panel). */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  actions,
  children,
}: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30 animate-fade-in" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col bg-white shadow-pop animate-slide-in-right focus:outline-none"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-base font-semibold text-ink">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 truncate text-sm text-ink-muted">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <div className="flex shrink-0 items-center gap-1">
              {actions}
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={closeLabel}>
                  <X className="size-4" aria-hidden />
                </Button>
              </Dialog.Close>
            </div>
          </div>
          <div className="flex-1 overflow-y-auto px-6 py-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
