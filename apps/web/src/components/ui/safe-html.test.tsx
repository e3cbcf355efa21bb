import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html.tsx';

type XssWindow = Window & { __xss?: unknown };

/** Payloads that set window.__xss if anything of them runs (OWASP cheat sheet and mutation-XSS classics). */
const CORPUS = [
  '<script>window.__xss = 1</script>',
  '<SCRIPT SRC=//attacker.example/x.js></SCRIPT>',
  '<img src=x onerror="window.__xss = 1">',
  '<img src=x onerror=window.__xss=1//',
  '<img src="x:alert(alt)" onerror="eval(src)" alt=0>',
  '<a href="javascript:window.__xss = 1">click</a>',
  '<a href="JaVaScRiPt:window.__xss=1">click</a>',
  '<a href="  javascript:window.__xss=1">click</a>',
  '<a href="java&#x09;script:window.__xss=1">click</a>',
  '<a href="&#106;avascript:window.__xss=1">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>window.__xss=1</script>">click</a>',
  '<svg onload="window.__xss=1"></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>"></noscript>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<button formaction="javascript:window.__xss=1">go</button>',
  '<input autofocus onfocus="window.__xss=1">',
  '<details open ontoggle="window.__xss=1"><summary>x</summary></details>',
  '<video><source onerror="window.__xss=1"></video>',
  '<body onload="window.__xss=1">',
  '<div onclick="window.__xss=1">click</div>',
  '<x onmouseover="window.__xss=1">hover</x>',
  '<div style="background:url(javascript:window.__xss=1)">styled</div>',
  '<style>@import "https://attacker.example/x.css";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:/">',
  '<link rel="stylesheet" href="https://attacker.example/x.css">',
  '<template><img src=x onerror="window.__xss=1"></template>',
  '<p data-bind="window.__xss=1">data attribute</p>',
];

const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'svg',
  'math',
  'meta',
  'base',
  'link',
  'template',
];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background'];

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

function problemsIn(html: string): string[] {
  const problems: string[] = [];
  const root = parse(html);
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (FORBIDDEN_TAGS.includes(tag)) problems.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${tag}[${name}]`);
      if (name === 'style' || name === 'srcdoc' || name.startsWith('data-')) problems.push(`${tag}[${name}]`);
      if (URL_ATTRIBUTES.includes(name)) {
        // What the browser would follow: entities decoded, control characters and spaces removed.
        const followed = attribute.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
        if (/^(javascript|vbscript|data:text)/.test(followed)) problems.push(`${tag}[${name}=${followed}]`);
      }
    }
  }
  return problems;
}

describe('sanitizeHtml', () => {
  it.each(CORPUS)('leaves nothing that can run in %s', (payload) => {
    const clean = sanitizeHtml(payload);
    expect(problemsIn(clean)).toEqual([]);
    expect(clean).not.toMatch(/javascript:|vbscript:|onerror|onload|onclick|<script/i);
  });

  it('drops data: addresses, which DOMPurify otherwise allows on images and media', () => {
    expect(sanitizeHtml('<img src="data:text/html;base64,PHNjcmlwdD4=" alt="a">')).toBe('<img alt="a">');
    expect(sanitizeHtml('<img src=" data:image/svg+xml,<svg/>" alt="b">')).toBe('<img alt="b">');
    expect(sanitizeHtml('<img src="https://example.com/a.png" alt="c">')).toBe(
      '<img src="https://example.com/a.png" alt="c">',
    );
  });

  it('keeps ordinary rich text', () => {
    const html =
      '<h3>Weekend bonus</h3><p>Deposit <strong>twice</strong> and read the <a href="/help#bonus">rules</a>.</p>' +
      '<ul><li>One</li><li>Two</li></ul><img src="/brand/banner.svg" alt="Banner">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('opens links to other sites in a new tab without an opener, and keeps site links in place', () => {
    const root = parse(
      sanitizeHtml(
        '<a href="https://lotus.example.com/x" target="_self">out</a><a href="/promotions" target="_blank">in</a>',
      ),
    );
    const [outside, inside] = [...root.querySelectorAll('a')];
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(inside?.hasAttribute('target')).toBe(false);
  });
});

describe('SafeHtml', () => {
  afterEach(() => {
    delete (window as XssWindow).__xss;
  });

  it('renders the whole corpus without anything running', () => {
    render(
      <MantineProvider env="test">
        <SafeHtml html={CORPUS.join('\n')} testId="rich" />
      </MantineProvider>,
    );
    const rich = screen.getByTestId('rich');
    expect(problemsIn(rich.innerHTML)).toEqual([]);
    // Provoke every event a payload could have hooked.
    for (const element of rich.querySelectorAll('*')) {
      for (const type of ['error', 'load', 'click', 'mouseover', 'focus', 'toggle']) {
        fireEvent(element, new Event(type));
      }
    }
    expect((window as XssWindow).__xss).toBeUndefined();
    expect(rich.textContent).toContain('click');
  });
});
