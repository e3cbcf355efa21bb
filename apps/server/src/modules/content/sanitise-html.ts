import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML allow-list of site content (announcements, help articles, blog posts, promotions, pages).
 * Content is sanitised when it is written (seed, operator tools) and again when it is read, so a row that
 * reached the table some other way (SQL by hand, an older build) is still served inert. The browser runs
 * DOMPurify over it once more before it renders (docs/content-contract.md).
 *
 * Everything not listed is dropped: every `on*` handler, `style`, `class`, `id`; `<script>`, `<style>`,
 * `<iframe>`, `<svg>`, `<object>` go together with their contents. Links and images keep only http(s)
 * (links also mailto:) and relative addresses; protocol-relative `//host` counts as another site and is
 * dropped too. Every link opens in a new tab without handing over the opener or the referrer.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** Tags dropped with everything inside them (not just unwrapped), because their text is code or markup. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: false,
  enforceHtmlBoundary: true,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href === undefined ? {} : { href: attribs.href }),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
  },
  // An <img> whose src was refused (javascript:, data:) would be an empty box: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Sanitises every language's version of a rich text. */
export function sanitiseHtmlTexts(texts: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([language, html]) => [language, sanitiseHtml(html)]));
}
