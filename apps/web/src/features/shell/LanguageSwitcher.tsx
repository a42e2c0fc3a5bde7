import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import { prefetchAllowed } from '@/lib/connection.ts';
import { loadDropdownMenu } from '@/ui/DropdownMenu.tsx';
import { SwitcherButton } from './SwitcherButton.tsx';

// The menu (Radix, with its positioning) is loaded when it is first wanted, not with the page.
// With Radix's menu: rendered open at once, its trigger is not drawn twice while that loads.
const loadMenu = () => Promise.all([import('./LanguageMenu.tsx'), loadDropdownMenu()]).then(([menu]) => menu);
const LanguageMenu = lazy(loadMenu);

/**
 * The language switcher: a plain button until it is first used, then the menu (loaded on hover or focus,
 * opened by the click, Enter, Space or the down arrow that asked for it).
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const [wanted, setWanted] = useState(false);
  // On 2g or with data saver on, the menu loads at the click rather than on hover (spec 9).
  const prefetch = () => {
    if (prefetchAllowed()) void loadMenu().catch(() => {});
  };
  const open = () => setWanted(true);
  const plain = (
    <SwitcherButton
      compact={compact}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open();
        }
      }}
    />
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <LanguageMenu compact={compact} />
    </Suspense>
  );
}
