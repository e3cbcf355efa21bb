import { useReducedMotion as useMantineReducedMotion } from '@mantine/hooks';

/** True when the player asked the system for less motion: reels, wheel and cards then skip their animations. */
export function useReducedMotion(): boolean {
  return useMantineReducedMotion() ?? false;
}

/** A promise that resolves after `ms` (0 resolves on the next tick). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
