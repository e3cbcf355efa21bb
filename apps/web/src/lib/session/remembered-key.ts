/**
 * The query key of the remembered account (GET /wps/session/remembered). A file of its own: logout (in the
 * first load) clears it, and importing it from login-api.ts would pull the login calls and the sealing
 * code into every page's first load.
 */
export const REMEMBERED_KEY = ['session', 'remembered'] as const;
