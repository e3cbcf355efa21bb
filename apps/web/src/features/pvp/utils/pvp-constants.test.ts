import { PVP_API, PVP_TURN_MS } from '@lotus/shared/pvp.schema';
import { describe, expect, it } from 'vitest';
import { PVP_API_PATH, TURN_MS } from './pvp-constants.ts';

describe('PVP constants', () => {
  it('are the contract’s', () => {
    expect(PVP_API_PATH).toBe(PVP_API);
    expect(TURN_MS).toBe(PVP_TURN_MS);
  });
});
