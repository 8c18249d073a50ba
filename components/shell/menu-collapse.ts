/**
 * The vertical menu's collapsed state: kept in localStorage (as the original product did) and mirrored on
 * <html data-menu-collapsed>, which the CSS reads. The inline script below sets the attribute before the
 * first paint, so a collapsed menu does not flash open on reload.
 */
export const MENU_COLLAPSED_KEY = 'quantum.menuCollapsed';

const EVENT = 'quantum:menu-collapsed';

export const MENU_COLLAPSE_SCRIPT = `(function(){try{document.documentElement.dataset.menuCollapsed=localStorage.getItem(${JSON.stringify(
  MENU_COLLAPSED_KEY,
)})==="true"?"true":"false"}catch(e){}})()`;

export function readMenuCollapsed(): boolean {
  return document.documentElement.dataset.menuCollapsed === 'true';
}

export function writeMenuCollapsed(collapsed: boolean): void {
  document.documentElement.dataset.menuCollapsed = String(collapsed);
  try {
    localStorage.setItem(MENU_COLLAPSED_KEY, String(collapsed));
  } catch {
    /* private mode: the state still holds for this page */
  }
  window.dispatchEvent(new Event(EVENT));
}

/** For useSyncExternalStore: changes in this tab (the event) and in other tabs (storage). */
export function subscribeMenuCollapsed(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== MENU_COLLAPSED_KEY) return;
    document.documentElement.dataset.menuCollapsed = e.newValue === 'true' ? 'true' : 'false';
    onChange();
  };
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
