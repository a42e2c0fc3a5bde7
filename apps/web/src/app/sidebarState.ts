import { useCallback, useState } from 'react';

const KEY = 'linkwatch.sidebarCollapsed';

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** spec point 2: the collapsed state persists; the default is not collapsed. */
export function useSidebarCollapsed(): [boolean, (next: boolean) => void] {
  const [collapsed, setCollapsed] = useState(read);
  const update = useCallback((next: boolean) => {
    setCollapsed(next);
    try {
      localStorage.setItem(KEY, next ? '1' : '0');
    } catch {
      // private mode: the state simply does not persist
    }
  }, []);
  return [collapsed, update];
}
