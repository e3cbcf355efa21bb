// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitiseHtml, sanitiseHtmlTexts } from './sanitise-html.ts';

/**
 * Classic stored-XSS payloads (OWASP filter-evasion cheat sheet and friends). Whatever survives must be
 * inert: no script element, no event handler, no javascript:/data:/vbscript: address, no element outside
 * the allow-list.
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<script>document.write("<img src=x onerror=alert(1)>")</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)" alt="photo">',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert(1)`>',
  '<img src="jav\tascript:alert(1)">',
  '<img src="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">',
  '<img src="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x31&#x29">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="java&#x0A;script:alert(1)">click</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">click</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="https://lotus.example.com/" onclick="alert(1)" onmouseover="alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width:expression(alert(1))">ie</div>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<p><b><i><u><a href="javascript:alert(1)"><img src=x onerror=alert(1)></a></u></i></b></p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<template><img src=x onerror=alert(1)></template>',
  '"><img src=x onerror=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td onclick="alert(1)">cell</td></tr></table>',
  '<blockquote cite="javascript:alert(1)">quote</blockquote>',
  '<h2 id="x" class="y" onclick="alert(1)">title</h2>',
];

/** What the sanitiser may let through: tag → attributes. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  b: [],
  i: [],
  u: [],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

const SITE = 'https://lotus.example.com/';

/** The few DOM members used here (the server project compiles without the DOM library). */
type ParsedElement = { tagName: string; attributes: ArrayLike<{ name: string; value: string }> };
type TemplateElement = {
  innerHTML: string;
  content: { querySelectorAll(selector: string): ArrayLike<ParsedElement> };
};
const dom = globalThis as unknown as { document: { createElement(tag: 'template'): TemplateElement } };

/**
 * Parses the output the way a browser does (jsdom's HTML5 parser, so parser differentials count) and
 * checks every element and attribute against the allow-list, and every address for its scheme.
 */
function expectInert(html: string): void {
  const template = dom.document.createElement('template');
  template.innerHTML = html;
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    const allowed = ALLOWED[tag];
    expect(allowed, `<${tag}> in ${html}`).toBeDefined();
    for (const { name, value } of Array.from(element.attributes)) {
      expect(allowed, `${name} on <${tag}> in ${html}`).toContain(name);
      if (name === 'href' || name === 'src') {
        const url = new URL(value, SITE);
        const schemes = tag === 'img' ? ['https:', 'http:'] : ['https:', 'http:', 'mailto:'];
        expect(schemes, `${name}="${value}"`).toContain(url.protocol);
        // Relative and protocol-relative addresses must stay on the site.
        if (!/^(?:https?|mailto):/i.test(value.trim())) expect(url.origin, value).toBe(new URL(SITE).origin);
      }
    }
  }
}

describe('sanitiseHtml', () => {
  it('is checked by a checker that does flag the raw payloads', () => {
    for (const payload of [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="//evil.example/">x</a>',
      '<svg onload=alert(1)>',
      '<p style="color:red">x</p>',
      '<img src="data:image/png;base64,AAAA">',
    ]) {
      expect(() => expectInert(payload), payload).toThrow();
    }
  });

  it.each(PAYLOADS)('renders %s inert', (payload) => {
    const clean = sanitiseHtml(payload);
    expectInert(clean);
    // Sanitising twice (on write and again on read) changes nothing more.
    expect(sanitiseHtml(clean)).toBe(clean);
  });

  it('keeps the allowed markup of real content', () => {
    const html =
      '<h2>Terms</h2><p>Read <strong>all</strong> of <em>this</em>:</p><ul><li><a href="/help#deposits">help</a></li>' +
      '<li><a href="mailto:support@lotus.example.com">mail</a></li></ul><blockquote>quoted</blockquote>' +
      '<table><thead><tr><th scope="col">Game</th></tr></thead><tbody><tr><td colspan="2">Slots</td></tr></tbody></table>' +
      '<img src="/brand/banners/lotus-dawn.svg" alt="lotus"><img src="https://img.lotus.example.com/a.png" alt="">';
    expect(sanitiseHtml(html)).toBe(
      '<h2>Terms</h2><p>Read <strong>all</strong> of <em>this</em>:</p><ul>' +
        '<li><a href="/help#deposits" rel="noopener noreferrer nofollow" target="_blank">help</a></li>' +
        '<li><a href="mailto:support@lotus.example.com" rel="noopener noreferrer nofollow" target="_blank">mail</a></li>' +
        '</ul><blockquote>quoted</blockquote><table><thead><tr><th scope="col">Game</th></tr></thead><tbody>' +
        '<tr><td colspan="2">Slots</td></tr></tbody></table><img src="/brand/banners/lotus-dawn.svg" alt="lotus" />' +
        '<img src="https://img.lotus.example.com/a.png" alt="" />',
    );
  });

  it('forces safe link attributes whatever the author wrote', () => {
    expect(sanitiseHtml('<a href="https://x.example.com/" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example.com/" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it('drops script, style and iframe together with their contents, but keeps the text of unknown tags', () => {
    expect(
      sanitiseHtml('<div>kept <script>lost()</script><style>p{}</style><iframe>lost</iframe></div>'),
    ).toBe('kept ');
    expect(sanitiseHtml('<span>text</span> <font>more</font>')).toBe('text more');
  });

  it('drops an image whose address was refused instead of leaving an empty one', () => {
    expect(sanitiseHtml('<p>a<img src="javascript:alert(1)">b</p>')).toBe('<p>ab</p>');
  });

  it('is idempotent and inert for arbitrary mixes of markup fragments', () => {
    const fragment = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '=',
      '/',
      '&#',
      '&colon;',
      'script',
      'javascript:',
      'data:',
      ' onerror=',
      ' onload=',
      ' href=',
      ' src=',
      'a',
      'img',
      'svg',
      'p',
      'alert(1)',
      ' ',
      '\t',
      '\n',
      'x',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        const clean = sanitiseHtml(parts.join(''));
        expectInert(clean);
        expect(sanitiseHtml(clean)).toBe(clean);
      }),
      { numRuns: 500 },
    );
  });

  it('sanitises every language of a rich text', () => {
    expect(sanitiseHtmlTexts({ EN: '<p onclick="x()">Hi</p>', HI: '<script>x</script><p>नमस्ते</p>' })).toEqual(
      {
        EN: '<p>Hi</p>',
        HI: '<p>नमस्ते</p>',
      },
    );
  });
});
