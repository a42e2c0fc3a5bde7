import { Check } from 'lucide-react';
import { DropdownMenu as Radix } from 'radix-ui';
import { type ButtonHTMLAttributes, cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { useAfterFirstPaint } from '@/lib/useAfterFirstPaint.ts';
import { cn } from './cn.ts';

export const DropdownMenu = Radix.Root;
export const DropdownMenuTrigger = Radix.Trigger;

/**
 * A menu on a page's first screen (the account menu, a table's columns): its trigger alone on the first
 * render, the Radix menu from the low-priority render after the first paint, or at once, open, when the
 * trigger is pressed before that (on the press, as Radix opens it, so a release that lands after the swap
 * is not lost). A Radix menu sets its anchor's state from a ref while React commits, and an update there
 * makes React run every effect of the new page in that same task: on a phone's cold load, ~100 ms of one
 * blocking task.
 */
export function FirstScreenMenu({
  trigger,
  children,
}: {
  trigger: ReactElement<Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'onPointerDown' | 'onKeyDown'>>;
  children: ReactNode;
}) {
  const painted = useAfterFirstPaint();
  const [open, setOpen] = useState(false);
  if (!painted && !open)
    return cloneElement(trigger, {
      onPointerDown: (event) => {
        if (event.button === 0 && !event.ctrlKey) setOpen(true);
      },
      onKeyDown: (event) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        setOpen(true);
      },
    });
  return (
    <Radix.Root open={open} onOpenChange={setOpen}>
      <Radix.Trigger asChild>{trigger}</Radix.Trigger>
      {children}
    </Radix.Root>
  );
}

const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

export function DropdownMenuContent({
  children,
  align = 'end',
  side = 'bottom',
  className,
}: {
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'bottom' | 'left' | 'right';
  className?: string;
}) {
  return (
    <Radix.Portal>
      <Radix.Content
        align={align}
        side={side}
        sideOffset={6}
        className={cn(
          'z-50 min-w-44 rounded-lg bg-white p-1 shadow-pop ring-1 ring-slate-900/10 animate-pop-in focus:outline-none',
          className,
        )}
      >
        {children}
      </Radix.Content>
    </Radix.Portal>
  );
}

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-ink data-[disabled]:opacity-50';

export function DropdownMenuItem({
  children,
  onSelect,
  asChild,
  icon,
}: {
  children: ReactNode;
  onSelect?: () => void;
  asChild?: boolean;
  icon?: ReactNode;
}) {
  return (
    <Radix.Item className={itemClass} onSelect={onSelect} asChild={asChild}>
      {asChild ? (
        children
      ) : (
        <>
          {icon}
          {children}
        </>
      )}
    </Radix.Item>
  );
}

export function DropdownMenuCheckItem({
  children,
  checked,
  onSelect,
}: {
  children: ReactNode;
  checked: boolean;
  /** `event.preventDefault()` keeps the menu open (a list of toggles). */
  onSelect: (event: Event) => void;
}) {
  return (
    <Radix.CheckboxItem className={itemClass} checked={checked} onSelect={onSelect}>
      <span className="flex size-4 items-center justify-center">
        <Radix.ItemIndicator>
          <Check className="size-4 text-brand-600" aria-hidden />
        </Radix.ItemIndicator>
      </span>
      {children}
    </Radix.CheckboxItem>
  );
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return (
    <Radix.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-ink-subtle">{children}</Radix.Label>
  );
}

export function DropdownMenuSeparator() {
  return <Radix.Separator className="my-1 h-px bg-slate-100" />;
}
