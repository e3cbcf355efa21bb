/**
 * SPEC §6 member types, mirrored from packages/shared/src/auth.schema.ts without importing it (that module
 * pulls zod, which stays out of the first bundle).
 */
export const AGENT_MEMBER_TYPES: readonly number[] = [1, 2, 41, 42];
export const NOT_REAL_MEMBER_TYPE = 4;
