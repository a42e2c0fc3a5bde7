import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useCallback, useState } from 'react';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';
import { useReturnFocus } from './returnFocus.ts';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** A width the spec names, in px (the payment popup's 500): the dialog is never wider. */
  maxWidth?: number;
};

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' };

/** Modal's dialog, in a chunk of its own with Radix's (see Modal.tsx). */
export function ModalPopup({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  footer,
  size = 'md',
  maxWidth,
}: ModalProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px] animate-fade-in" />
        <Dialog.Content
          {...returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-pop animate-pop-in focus:outline-none',
            maxWidth === undefined && widths[size],
          )}
          style={maxWidth === undefined ? undefined : { maxWidth }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-ink">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-ink-muted">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" className="-mr-2 size-8" aria-label={closeLabel}>
                <X className="size-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <ScrollBody>{children}</ScrollBody>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-3 rounded-b-xl border-t border-line bg-slate-50/60 px-6 py-3">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The dialog's body: it scrolls when the content is taller than the screen, and then takes the focus
 * too, so a keyboard can scroll a body that holds nothing else to focus (a notice, a list).
 */
function ScrollBody({ children }: { children: ReactNode }) {
  const [scrolls, setScrolls] = useState(false);
  const measure = useCallback((body: HTMLDivElement | null) => {
    if (!body || typeof ResizeObserver === 'undefined') return;
    const update = () => setScrolls(body.scrollHeight > body.clientHeight);
    const observer = new ResizeObserver(update);
    observer.observe(body);
    for (const child of body.children) observer.observe(child);
    update();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={measure}
      tabIndex={scrolls ? 0 : undefined}
      className="min-h-0 flex-1 overflow-y-auto px-6 py-5"
    >
      {children}
    </div>
  );
}
