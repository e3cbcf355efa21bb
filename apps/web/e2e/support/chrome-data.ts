/**
 * Data the chrome journeys and the test-data script (prepare-content.ts) share, kept apart from the script so
 * the journeys do not load PGlite.
 */

/** The group whose banners prepare-content.ts switches off on the chrome server. */
export const GROUP_WITHOUT_BANNERS = 'help';

/** How many extra notices it adds (with the seeded ones: more than one page of nine). */
export const EXTRA_NOTICES = 12;

/** Set by a payload if it ever runs; the XSS journey checks it stays undefined. */
export const XSS_FLAG = '__lotusXss';

/** Rich-text payloads; each would set window[XSS_FLAG] if anything of it executed. */
export const XSS_PAYLOADS = [
  {
    title: 'XSS probe: script element',
    content: `<p>Script probe</p><script>window.${XSS_FLAG}='script'</script>`,
  },
  {
    title: 'XSS probe: <img src=x onerror=alert(1)>',
    content: `<p>Image probe</p><img src="x" onerror="window.${XSS_FLAG}='img'">`,
  },
  {
    title: 'XSS probe: javascript link',
    content: `<p>Link probe: <a href="javascript:window.${XSS_FLAG}='link'">open</a></p>`,
  },
] as const;
