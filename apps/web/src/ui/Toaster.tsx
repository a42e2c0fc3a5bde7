import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { toneStyles } from './Alert.tsx';
import { cn } from './cn.ts';

export type ToastItem = {
  id: number;
  kind: 'success' | 'info' | 'warning' | 'error';
  message: string;
  description?: string;
};

type ToasterProps = {
  items: readonly ToastItem[];
  onDismiss: (id: number) => void;
  onDismissAll: () => void;
  labels: { region: string; dismiss: string; hideAll: string; kinds: Record<ToastItem['kind'], string> };
  /** How long each kind stays on screen, in ms; `Infinity` stays until closed. */
  durations: Record<ToastItem['kind'], number>;
};

/**
 * Notices by kind, newest at the bottom; 'hide all' appears once more than one is on screen. The
 * message is the title (it says what happened); the kind is read out before it and shown by the icon.
 */
export function Toaster({ items, onDismiss, onDismissAll, labels, durations }: ToasterProps) {
  return (
    <Toast.Provider label={labels.region} swipeDirection="right">
      {items.map((item) => {
        const { icon, Icon } = toneStyles[item.kind];
        return (
          <Toast.Root
            key={item.id}
            type={item.kind === 'error' ? 'foreground' : 'background'}
            duration={durations[item.kind]}
            onOpenChange={(open) => {
              if (!open) onDismiss(item.id);
            }}
            className="pointer-events-auto flex w-full items-start gap-3 rounded-xl bg-white p-4 shadow-pop ring-1 ring-slate-900/10 animate-pop-in data-[swipe=end]:animate-fade-in"
            data-kind={item.kind}
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0', icon)} aria-hidden />
            <div className="min-w-0 flex-1">
              <Toast.Title className="text-sm font-medium break-words text-ink">
                <span className="sr-only">{labels.kinds[item.kind]}: </span>
                <span>{item.message}</span>
              </Toast.Title>
              {item.description ? (
                <Toast.Description className="mt-1 text-sm break-words text-ink-muted">
                  {item.description}
                </Toast.Description>
              ) : null}
            </div>
            <Toast.Close
              aria-label={labels.dismiss}
              className="-m-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <X className="size-4" aria-hidden />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <div className="pointer-events-none fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col items-end gap-2 p-4">
        {items.length > 1 ? (
          <button
            type="button"
            onClick={onDismissAll}
            className="pointer-events-auto rounded-full bg-slate-900/85 px-3 py-1 text-xs font-medium text-white shadow-pop hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {labels.hideAll}
          </button>
        ) : null}
        <Toast.Viewport className="pointer-events-none flex w-full flex-col gap-2 outline-none" />
      </div>
    </Toast.Provider>
  );
}
