import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The layout scrolls to the URL's hash as soon as the route renders (SPEC §2), but this page's sections only
 * exist once the help centre has loaded. When `ready` turns true, scroll to the hash's element once more.
 * Returns nothing; the caller decides what else the hash means (e.g. which article to open).
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [ready, hash]);
}
