import { type RefObject, useEffect, useRef } from 'react';

/**
 * True while the component is mounted: an answer that arrives after the player left the screen must not
 * set state or announce anything. (Set again on mount, so React's strict-mode remount keeps it true.)
 */
export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
