import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The layout scrolls to the URL's hash as soon as the route renders (SPEC §2), but a page whose anchors come
 * from the API (help sections, the download guides' #ios / #android / #lite) has none yet at that moment.
 * When `ready` turns true, scroll to the hash's element once more. The caller decides what else the hash
 * means (e.g. which help article to open).
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [ready, hash]);
}
