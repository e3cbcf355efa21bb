/**
 * SPEC §6 member types, zod-free so the browser's first bundle can use them: 0 player; 1, 2, 41, 42 agents;
 * 4 a non-real (guest) account. auth.schema.ts re-exports them for the server.
 */
export const MEMBER_TYPES = [0, 1, 2, 4, 41, 42] as const;
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
/** Type 4 (and trial accounts) meet `in_need_true_account`. */
export const NOT_REAL_MEMBER_TYPE = 4;
