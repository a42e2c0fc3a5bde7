import { Check } from 'lucide-react';
import type { DropdownMenu as RadixMenu } from 'radix-ui';
import { type ButtonHTMLAttributes, cloneElement, type ReactElement, type ReactNode, useState } from 'react';
import { lazyModule } from '@/lib/lazyModule.ts';
import { cn } from './cn.ts';

type Radix = typeof RadixMenu;

/**
 * Radix's menu comes in a chunk of its own (about 20 KB with Floating UI and its focus and scroll
 * handling): in a page's first download it held up a phone's cold load, yet a menu opens only when asked.
 */
const radixMenu = lazyModule(() => import('./DropdownMenuRadix.ts').then((module) => module.Radix));

/** Loads Radix's menu ahead: a menu rendered open by the press that asked for it (the language menu). */
export const loadDropdownMenu = () => radixMenu.load();

/** The menu's parts, for its content: rendered only inside an open DropdownMenu, so once loaded. */
function parts(): Radix {
  const radix = radixMenu.current();
  if (!radix) throw new Error('A menu part rendered outside an open DropdownMenu');
  return radix;
}

/**
 * A menu: its trigger alone until first pressed, then Radix's menu, open (on the press itself, so a release
 * that lands after the swap is not lost). Also, unlike a Radix menu, no state is set while React commits
 * the page (a Radix menu sets its anchor from a ref, and an update there made React run every effect of a
 * new page in one blocking task: ~100 ms on a phone's cold load).
 */
export function DropdownMenu({
  trigger,
  children,
  defaultOpen = false,
}: {
  trigger: ReactElement<
    Pick<
      ButtonHTMLAttributes<HTMLButtonElement>,
      'onPointerDown' | 'onKeyDown' | 'aria-haspopup' | 'aria-expanded'
    >
  >;
  children: ReactNode;
  /** Open from the first render (a menu rendered by the press that opens it). */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [used, setUsed] = useState(defaultOpen);
  const Radix = radixMenu.useLoaded(used);
  if (!Radix) {
    const press = () => {
      setUsed(true);
      setOpen(true);
    };
    return cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerDown: (event) => {
        if (event.button === 0 && !event.ctrlKey) press();
      },
      onKeyDown: (event) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        press();
      },
    });
  }
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
  const Radix = parts();
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
  const Radix = parts();
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
  const Radix = parts();
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
  const Radix = parts();
  return (
    <Radix.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-ink-subtle">{children}</Radix.Label>
  );
}

export function DropdownMenuSeparator() {
  const Radix = parts();
  return <Radix.Separator className="my-1 h-px bg-slate-100" />;
}
