import { Typography } from '@mantine/core';
import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';

/**
 * The strict policy for rich text from the API (announcements, help, promotions). The server already
 * sanitises what it stores (sanitize-html); this second pass means a row written around the server (SQL,
 * an old import) still cannot run anything in the visitor's browser.
 *
 * - Only the HTML profile: no SVG or MathML (both have had mutation-XSS tricks).
 * - No script, style, iframe, object, embed, form controls or base/meta; no `style` attribute either (page
 *   overlays and fake buttons are built with it).
 * - `on*` handlers are removed by DOMPurify itself; URLs may only be http(s), mailto, tel or relative.
 */
const POLICY: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'base',
    'meta',
    'link',
    'template',
  ],
  FORBID_ATTR: ['style', 'srcdoc', 'formaction', 'action', 'ping'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
};

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Links to other sites open in a new tab without handing them this window (reverse tab-nabbing).
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // DOMPurify lets data: addresses through on img / audio / video / source / track whatever
    // ALLOWED_URI_REGEXP says; the policy is http(s) or relative only, as on the server (issue 7 XSS corpus).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these before a URL's scheme.
    if (/^[\u0000-\u0020]*data:/i.test(node.getAttribute?.('src') ?? '')) node.removeAttribute('src');
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:/i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
  return purifier;
}

/** The sanitised markup as a string (exported for the tests and for callers that need plain text). */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, POLICY);
}

type SafeHtmlProps = {
  html: string;
  className?: string;
  testId?: string;
  /** The element's id, e.g. for aria-describedby. */
  id?: string;
};

/** The only way rich HTML from the API reaches the page: sanitised, then styled as body text. */
export function SafeHtml({ html, className, testId, id }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography
      className={className}
      id={id}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify with the strict policy above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
