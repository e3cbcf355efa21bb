import { type HumanSolution, solveHumanChallenge } from '@lotus/shared/human-check';
import type { FastifyInstance } from 'fastify';

/** Fetches a human-check challenge from the app and solves it, as the browser does. */
export async function solvedHumanCheck(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<HumanSolution> {
  const response = await app.inject({ method: 'GET', url: '/wps/verification/human', headers });
  if (response.statusCode !== 200)
    throw new Error(`human challenge: ${response.statusCode} ${response.body}`);
  return solveHumanChallenge(response.json().value);
}
