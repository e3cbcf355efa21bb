/**
 * The XSS corpus of the reliability suite (issue 7, item 5), generated as vectors × contexts × encodings so
 * it is large (≥ 1,000), varied and reproducible. Shared by the server test (xss-corpus.test.ts: what is
 * stored and served is inert) and the browser spec (apps/web/e2e/reliability-xss.spec.ts: nothing runs in
 * Chromium).
 *
 * Every payload that could run calls the trap `__xss(<id>)` (the browser spec defines it and fails on any
 * call), so a hit names the payload. Ids are stable: the position in the generated list.
 */

export type XssPayload = {
  id: number;
  /** `vector/context/encoding`, for failure messages. */
  name: string;
  html: string;
};

/** The JavaScript every payload tries to run. */
export const trap = (id: number) => `__xss(${id})`;

type Vector = { name: string; make: (js: string) => string };

/** Schemes that run or load script, spelt the ways browsers still accept. */
const SCRIPT_URLS: readonly [string, (js: string) => string][] = [
  ['javascript', (js) => `javascript:${js}`],
  ['javascript-case', (js) => `JaVaScRiPt:${js}`],
  ['javascript-tab', (js) => `java\tscript:${js}`],
  ['javascript-newline', (js) => `java\nscript:${js}`],
  ['javascript-leading-space', (js) => ` \u0001javascript:${js}`],
  ['javascript-entity', (js) => `&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${js}`],
  ['javascript-hex-entity', (js) => `&#x6A;avascript&#x3A;${js}`],
  ['javascript-colon-entity', (js) => `javascript&colon;${js}`],
  ['javascript-url-encoded', (js) => `javascript:${encodeURIComponent(js)}`],
  ['data-html', (js) => `data:text/html,<script>${js}</script>`],
  [
    'data-html-base64',
    (js) => `data:text/html;base64,${Buffer.from(`<script>parent.${js}</script>`).toString('base64')}`,
  ],
  ['data-svg', (js) => `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${js}'/>`],
  ['data-js', (js) => `data:text/javascript,${js}`],
  ['vbscript', (js) => `vbscript:${js}`],
];

const URL_ATTRIBUTES: readonly [string, (url: string) => string][] = [
  ['a-href', (url) => `<a href="${url}">link</a>`],
  ['a-href-unquoted', (url) => `<a href=${url.replace(/\s/g, '')}>link</a>`],
  ['img-src', (url) => `<img src="${url}">`],
  ['iframe-src', (url) => `<iframe src="${url}"></iframe>`],
  ['form-action', (url) => `<form action="${url}"><input type="submit" value="go"></form>`],
  ['button-formaction', (url) => `<form><button formaction="${url}">go</button></form>`],
  ['input-formaction', (url) => `<form><input type="image" src="x" formaction="${url}"></form>`],
  ['svg-xlink-href', (url) => `<svg><a xlink:href="${url}"><text x="0" y="20">link</text></a></svg>`],
  ['svg-use-href', (url) => `<svg><use href="${url}#x"></use></svg>`],
  ['object-data', (url) => `<object data="${url}"></object>`],
  ['embed-src', (url) => `<embed src="${url}">`],
  ['math-href', (url) => `<math href="${url}"><mi>x</mi></math>`],
  ['meta-refresh', (url) => `<meta http-equiv="refresh" content="0;url=${url}">`],
  ['base-href', (url) => `<base href="${url}"><a href="/">link</a>`],
  ['area-href', (url) => `<map name="m"><area shape="rect" coords="0,0,9,9" href="${url}"></map>`],
];

const EVENT_ELEMENTS: readonly [string, (js: string) => string][] = [
  ['img-onerror', (js) => `<img src=x onerror="${js}">`],
  ['img-onerror-unquoted', (js) => `<img src=x onerror=${js}>`],
  ['img-onerror-slash', (js) => `<img/src=x/onerror=${js}>`],
  ['image-onerror', (js) => `<image src=x onerror="${js}">`],
  ['svg-onload', (js) => `<svg onload="${js}"></svg>`],
  ['svg-slash-onload', (js) => `<svg/onload=${js}>`],
  ['body-onload', (js) => `<body onload="${js}">`],
  ['iframe-onload', (js) => `<iframe onload="${js}"></iframe>`],
  ['video-onerror', (js) => `<video src=x onerror="${js}"></video>`],
  ['video-source-onerror', (js) => `<video><source onerror="${js}"></video>`],
  ['audio-onerror', (js) => `<audio src=x onerror="${js}"></audio>`],
  ['input-autofocus', (js) => `<input autofocus onfocus="${js}">`],
  ['select-autofocus', (js) => `<select autofocus onfocus="${js}"></select>`],
  ['textarea-autofocus', (js) => `<textarea autofocus onfocus="${js}"></textarea>`],
  ['details-ontoggle', (js) => `<details open ontoggle="${js}"><summary>x</summary></details>`],
  ['marquee-onstart', (js) => `<marquee onstart="${js}">x</marquee>`],
  ['object-onerror', (js) => `<object data=x onerror="${js}"></object>`],
  ['p-onmouseover', (js) => `<p onmouseover="${js}">hover</p>`],
  ['a-onclick', (js) => `<a href="#" onclick="${js}">click</a>`],
  [
    'div-onanimationstart',
    (js) => `<style>@keyframes k{}</style><div style="animation-name:k" onanimationstart="${js}">x</div>`,
  ],
  ['table-background', (js) => `<table background="javascript:${js}"><tr><td>x</td></tr></table>`],
  ['td-onpointerenter', (js) => `<table><tr><td onpointerenter="${js}">x</td></tr></table>`],
  [
    'svg-animate-onbegin',
    (js) => `<svg><animate onbegin="${js}" attributeName="x" dur="1s"></animate></svg>`,
  ],
  [
    'svg-set-href',
    (js) => `<svg><a><set attributeName="href" to="javascript:${js}"></set><text y="20">x</text></a></svg>`,
  ],
  ['img-srcset-onerror', (js) => `<img srcset=",,,,x" onerror="${js}">`],
  ['img-onload-valid', (js) => `<img src="https://example.com/a.png" onload="${js}">`],
  ['body-onpageshow', (js) => `<body onpageshow="${js}">`],
  ['form-onsubmit', (js) => `<form onsubmit="${js}"><button>go</button></form>`],
  ['isindex-action', (js) => `<isindex type=image src=1 onerror="${js}">`],
  ['keygen-autofocus', (js) => `<keygen autofocus onfocus="${js}">`],
];

const SCRIPTS: readonly Vector[] = [
  { name: 'script', make: (js) => `<script>${js}</script>` },
  { name: 'script-upper', make: (js) => `<SCRIPT>${js}</SCRIPT>` },
  { name: 'script-src-data', make: (js) => `<script src="data:text/javascript,${js}"></script>` },
  { name: 'script-unclosed', make: (js) => `<script>${js}` },
  { name: 'script-split', make: (js) => `<scr<script>ipt>${js}</scr</script>ipt>` },
  { name: 'script-in-attr-break', make: (js) => `<p title="x"><script>${js}</script>">` },
  { name: 'iframe-srcdoc', make: (js) => `<iframe srcdoc="<script>parent.${js}</script>"></iframe>` },
  {
    name: 'iframe-srcdoc-entities',
    make: (js) => `<iframe srcdoc="&lt;script&gt;parent.${js}&lt;/script&gt;"></iframe>`,
  },
  { name: 'style-expression', make: (js) => `<div style="width:expression(${js})">x</div>` },
  { name: 'style-url-js', make: (js) => `<div style="background:url('javascript:${js}')">x</div>` },
  { name: 'style-import', make: (js) => `<style>@import 'javascript:${js}';</style>` },
  { name: 'link-stylesheet', make: (js) => `<link rel="stylesheet" href="javascript:${js}">` },
  {
    name: 'noscript-breakout',
    make: (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>"></noscript>`,
  },
  { name: 'template-script', make: (js) => `<template><script>${js}</script></template>` },
  { name: 'template-img', make: (js) => `<template><img src=x onerror="${js}"></template>` },
  { name: 'comment-breakout', make: (js) => `<!--><img src=x onerror=${js}>-->` },
  { name: 'comment-bang-breakout', make: (js) => `<!-- --!><img src=x onerror=${js}> -->` },
  { name: 'comment-in-attr', make: (js) => `<p title="<!--"><img src=x onerror=${js}>-->` },
  { name: 'cdata-svg', make: (js) => `<svg><![CDATA[><img src=x onerror=${js}>]]></svg>` },
  { name: 'textarea-breakout', make: (js) => `<textarea></textarea><img src=x onerror=${js}>` },
  { name: 'title-breakout', make: (js) => `<title><img src=x onerror=${js}></title>` },
  { name: 'xmp-breakout', make: (js) => `<xmp></xmp><img src=x onerror=${js}>` },
  {
    name: 'noembed-breakout',
    make: (js) => `<noembed><img title="</noembed><img src=x onerror=${js}>"></noembed>`,
  },
  { name: 'style-breakout', make: (js) => `<style></style><img src=x onerror=${js}>` },
  { name: 'svg-style-mxss', make: (js) => `<svg></p><style><a id="</style><img src=1 onerror=${js}>">` },
  {
    name: 'math-mglyph-mxss',
    make: (js) =>
      `<math><mtext><table><mglyph><style><img src=x onerror=${js}></style></mglyph></table></mtext></math>`,
  },
  {
    name: 'form-math-mxss',
    make: (js) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${js}>`,
  },
  { name: 'svg-script', make: (js) => `<svg><script>${js}</script></svg>` },
  { name: 'svg-script-href', make: (js) => `<svg><script href="data:text/javascript,${js}"></script></svg>` },
  {
    name: 'svg-foreignobject',
    make: (js) => `<svg><foreignObject><img src=x onerror="${js}"></foreignObject></svg>`,
  },
  {
    name: 'math-maction',
    make: (js) => `<math><maction actiontype="statusline" xlink:href="javascript:${js}">x</maction></math>`,
  },
  { name: 'utf7-script', make: (js) => `+ADw-script+AD4-${js}+ADw-/script+AD4-` },
  {
    name: 'nested-entities',
    make: (js) => `&lt;img src=x onerror=${js}&gt;&amp;lt;script&amp;gt;${js}&amp;lt;/script&amp;gt;`,
  },
  { name: 'null-in-tag', make: (js) => `<scr\u0000ipt>${js}</scr\u0000ipt><img\u0000src=x onerror=${js}>` },
  { name: 'unclosed-img', make: (js) => `<img src=x onerror=${js} ` },
  { name: 'double-lt', make: (js) => `<<img src=x onerror=${js}//<` },
  { name: 'quote-breakout', make: (js) => `"><img src=x onerror=${js}>` },
  { name: 'attr-backtick', make: (js) => `<img src=\`x\` onerror=\`${js}\`>` },
  {
    name: 'data-attr-bind',
    make: (js) =>
      `<div data-bind="value: ${js}" x-init="${js}" ng-click="${js}">{{constructor.constructor('${js}')()}}</div>`,
  },
];

function vectors(): Vector[] {
  const all: Vector[] = [...SCRIPTS];
  for (const [element, make] of EVENT_ELEMENTS) all.push({ name: element, make });
  for (const [attribute, wrap] of URL_ATTRIBUTES) {
    for (const [scheme, url] of SCRIPT_URLS)
      all.push({ name: `${attribute}:${scheme}`, make: (js) => wrap(url(js)) });
  }
  return all;
}

/** Where the payload lands in the document. */
const CONTEXTS: readonly [string, (html: string) => string][] = [
  ['bare', (html) => html],
  ['paragraph', (html) => `<p>Notice text ${html} more text</p>`],
  ['table-cell', (html) => `<table><tbody><tr><td>${html}</td></tr></tbody></table>`],
  ['after-open-attr', (html) => `<a title="x">${html}`],
  ['broken-close', (html) => `</p></div></td></table>${html}<p>`],
  ['list', (html) => `<ul><li>${html}</li></ul>`],
];

/** How the payload's letters are spelt. */
const ENCODINGS: readonly [string, (html: string) => string][] = [
  ['plain', (html) => html],
  [
    'mixed-case',
    (html) => html.replace(/<([a-z]+)/g, (_, tag: string) => `<${tag[0]?.toUpperCase()}${tag.slice(1)}`),
  ],
  ['newline-attrs', (html) => html.replace(/ (on[a-z]+|href|src|action|formaction)=/g, '\n$1\t=\n')],
];

let cached: XssPayload[] | null = null;

/** The whole corpus (vectors × contexts × encodings, duplicates removed). */
export function xssCorpus(): XssPayload[] {
  if (cached) return cached;
  const seen = new Set<string>();
  const list: XssPayload[] = [];
  for (const vector of vectors()) {
    for (const [encoding, encode] of ENCODINGS) {
      for (const [context, place] of CONTEXTS) {
        const id = list.length + 1;
        const html = place(encode(vector.make(trap(id))));
        // Distinct by shape: the same markup with another id is a duplicate.
        const shape = html.replaceAll(trap(id), 'JS');
        if (seen.has(shape)) continue;
        seen.add(shape);
        list.push({ id, name: `${vector.name}/${context}/${encoding}`, html });
      }
    }
  }
  cached = list;
  return list;
}

/**
 * An evenly spread sample of about `size` payloads (every vector appears when size ≥ vector count), for
 * the default, fast run; RELIABILITY_FULL=1 takes the whole corpus.
 */
export function xssSample(size: number): XssPayload[] {
  const corpus = xssCorpus();
  if (size >= corpus.length) return corpus;
  const stride = corpus.length / size;
  return Array.from({ length: size }, (_, index) => corpus[Math.floor(index * stride)] as XssPayload);
}
