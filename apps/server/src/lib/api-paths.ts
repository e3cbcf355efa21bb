/**
 * Path prefixes of the JSON API (SPEC §7 paths start with /wps, /lgw or /lotto; /api is reserved for
 * Lotus's own additions; /originals/api is the in-house studio's, whose screens live at /originals/*).
 * Anything under them answers with the envelope, never with the SPA page.
 */
const API_PATH = /^\/(?:wps|lgw|lotto|api|originals\/api)(?:\/|$)/;

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(path: string): boolean {
  return API_PATH.test(path);
}
