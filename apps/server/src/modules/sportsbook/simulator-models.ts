import { fixtureParams, modelFor, seededRng, stepRng } from '@lotus/games/sports/index';
import type { SimModels } from './simulator-feed.ts';

/** The maths package's sport models (packages/games/src/sports), as the simulator and the arena use them. */
export const simModels: SimModels = { modelFor, fixtureParams, seededRng, stepRng };
