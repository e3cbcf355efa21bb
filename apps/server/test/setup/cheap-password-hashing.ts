import { type ScryptParams, setHashingParams } from '../../src/lib/password.ts';

/** Same format and code path as production, 128 times less work (N=2^10 instead of 2^17). */
export const CHEAP_HASHING: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

setHashingParams(CHEAP_HASHING);
