import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';
import { useReturnFocus } from './returnFocus.ts';

export type SidePanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  /** Buttons in the header, before the close button (the link panel's edit and delete). */
  actions?: ReactNode;
  /** A row of buttons under the body (a form's cancel and submit). */
  footer?: ReactNode;
  /** `form`: a narrow panel for a form beside the page; `details`: a wide one for one row's details. */
  size?: 'form' | 'details';
  /**
   * Radix's close-focus event, before the panel gives the focus back to its opener; preventing its default
   * keeps the focus where the caller puts it (a create that moves to the new page).
   */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
};

const sizes = {
  form: {
    overlay: 'bg-slate-900/40 backdrop-blur-[1px]',
    content: 'max-w-md',
    header: 'py-5',
    text: '',
  },
  details: {
    overlay: 'bg-slate-900/30',
    content: 'max-w-2xl',
    header: 'py-4',
    text: 'truncate',
  },
} as const;

/** SidePanel's dialog, in a chunk of its own with Radix's (see SidePanel.tsx). */
export function SidePanelPopup({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  actions,
  footer,
  size = 'form',
  onCloseAutoFocus,
  children,
}: SidePanelProps) {
  const style = sizes[size];
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={cn('fixed inset-0 z-40 animate-fade-in', style.overlay)} />
        <Dialog.Content
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (!event.defaultPrevented) returnFocus.onCloseAutoFocus(event);
          }}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-pop animate-slide-in-right focus:outline-none',
            style.content,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div
            className={cn('flex items-start justify-between gap-4 border-b border-line px-6', style.header)}
          >
            <div className="min-w-0">
              <Dialog.Title className={cn('text-base font-semibold text-ink', style.text)}>
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className={cn('mt-1 text-sm text-ink-muted', style.text)}>
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
          {footer ? (
            <div className="flex justify-end gap-3 border-t border-line px-6 py-4">{footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
