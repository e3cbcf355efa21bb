import { type HumanChallenge, type HumanSolution, solveHumanChallenge } from '@lotus/shared/human-check';
import { useCallback, useEffect, useRef } from 'react';
import { apiGet } from '../api-client.ts';

/**
 * The human-verification step (docs/accounts-contract.md "Human verification"): fetch a fresh single-use
 * challenge and solve it. Each call gets its own challenge, since the server burns one per request. A search
 * still running when the form unmounts (modal closed) is stopped rather than left to spin.
 */
export function useHumanCheck(): () => Promise<HumanSolution> {
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
      running.clear();
    };
  }, []);
  return useCallback(async () => {
    const controller = new AbortController();
    controllers.current.add(controller);
    try {
      const challenge = await apiGet<HumanChallenge>('/wps/verification/human', {
        signal: controller.signal,
      });
      return await solveHumanChallenge(challenge, controller.signal);
    } finally {
      controllers.current.delete(controller);
    }
  }, []);
}
