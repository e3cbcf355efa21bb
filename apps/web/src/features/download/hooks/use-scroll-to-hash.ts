import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The layout scrolls to the URL's hash as soon as the route renders (SPEC §2), but the guides' anchors
 * (#ios, #android, #lite, which the brand's resources link to) only exist once the guides have loaded.
 * When `ready` turns true, scroll to the hash's element once more.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [ready, hash]);
}
