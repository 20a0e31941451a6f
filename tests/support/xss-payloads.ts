/*
 * Hostile text for the XSS suite (tests/e2e/xss.e2e.test.ts, issue 17): written for Botdeck,
 * one family of the OWASP filter-evasion list per group. Every payload, if a browser ever ran
 * it, calls the sentinel `__xss(n)` with its own number, so a run can say which one got through.
 * The suite puts them wherever the app shows text or a URL from a server or another person.
 */

/** One hostile text: its number (the sentinel's argument), its family and the text itself. */
export interface XssPayload {
  id: number;
  family: XssFamily;
  text: string;
}

export type XssFamily =
  | 'script tag'
  | 'event handler'
  | 'url'
  | 'svg and mathml'
  | 'encoded and split'
  | 'attribute breaking'
  | 'css'
  | 'template'
  | 'unicode'
  | 'telegram html';

/** `s` as base64, for payloads that carry their script encoded. */
const base64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Each family's payloads, written with `¤` where the payload's number goes. */
const FAMILIES: Readonly<Record<XssFamily, readonly string[]>> = {
  'script tag': [
    '<script>__xss(¤)</script>',
    '<SCRIPT>__xss(¤)</SCRIPT>',
    '<ScRiPt type="text/javascript">__xss(¤)</sCrIpT>',
    '<script src="data:text/javascript,__xss(¤)"></script>',
    '<script>/*</script>*/__xss(¤)</script>',
    '<script\n>__xss(¤)</script\n>',
    '<script type="module">__xss(¤)</script>',
    '<script defer async>__xss(¤)</script>',
    '<noscript><p title="</noscript><script>__xss(¤)</script>">',
    '<template><script>__xss(¤)</script></template><script>__xss(¤)</script>',
    '<script>setTimeout("__xss(¤)")</script>',
  ],
  'event handler': [
    '<img src=x onerror=__xss(¤)>',
    '<img src="x" onerror="__xss(¤)" alt="photo">',
    '<svg onload=__xss(¤)>',
    '<body onload=__xss(¤)>',
    '<details open ontoggle=__xss(¤)>',
    '<input autofocus onfocus=__xss(¤)>',
    '<select autofocus onfocus=__xss(¤)></select>',
    '<textarea autofocus onfocus=__xss(¤)></textarea>',
    '<video><source onerror=__xss(¤)></video>',
    '<audio src=x onerror=__xss(¤)>',
    '<iframe onload=__xss(¤)></iframe>',
    '<object data=x onerror=__xss(¤)></object>',
    '<marquee onstart=__xss(¤)>scroll</marquee>',
    '<div onpointerenter=__xss(¤) style="position:fixed;inset:0">cover</div>',
    '<a onmouseover=__xss(¤) href="#">hover me</a>',
    '<button onclick=__xss(¤)>Tap</button>',
    '<form><button formaction="javascript:__xss(¤)">Send</button></form>',
    '<img src=x onerror=__xss(¤)//',
  ],
  url: [
    'javascript:__xss(¤)',
    'JaVaScRiPt:__xss(¤)',
    ' javascript:__xss(¤)',
    '\u0001javascript:__xss(¤)',
    'java\tscript:__xss(¤)',
    'java\nscript:__xss(¤)',
    'javascript://%0a__xss(¤)',
    'javascript&colon;__xss(¤)',
    'jav&#x61;script:__xss(¤)',
    'data:text/html,<script>__xss(¤)</script>',
    // The number after the fragment only lets the suite name the payload; the script is encoded.
    `data:text/html;base64,${base64('<script>__xss(¤)</script>')}#__xss(¤)`,
    'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="__xss(¤)"/>',
    'DATA:text/html,<img src=x onerror=__xss(¤)>',
    'vbscript:__xss(¤)',
    '//evil.example/x.js?__xss(¤)',
    '/\\evil.example/x?__xss(¤)',
    'file:///etc/passwd?__xss(¤)',
    '<a href="javascript:__xss(¤)">Open</a>',
    '<a href="data:text/html,<script>__xss(¤)</script>">Open</a>',
    '<iframe src="javascript:__xss(¤)"></iframe>',
  ],
  'svg and mathml': [
    '<svg><script>__xss(¤)</script></svg>',
    '<svg><animate onbegin=__xss(¤) attributeName=x dur=1s>',
    '<svg><a xlink:href="javascript:__xss(¤)"><text y="20">tap</text></a></svg>',
    '<svg><set attributeName=onmouseover to=__xss(¤)>',
    '<svg><foreignObject><img src=x onerror=__xss(¤)></foreignObject></svg>',
    '<svg/onload=__xss(¤)>',
    "<svg><use href=\"data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='__xss(¤)'/></svg>#x\"/></svg>",
    '<math><mtext><img src=x onerror=__xss(¤)></mtext></math>',
    '<math href="javascript:__xss(¤)">tap</math>',
    '<math><maction actiontype="statusline" xlink:href="javascript:__xss(¤)">tap</maction></math>',
    '<svg><style><img src=x onerror=__xss(¤)></style></svg>',
  ],
  'encoded and split': [
    '&lt;script&gt;__xss(¤)&lt;/script&gt;',
    '%3Cscript%3E__xss(¤)%3C%2Fscript%3E',
    '\\u003cscript\\u003e__xss(¤)\\u003c/script\\u003e',
    '<scr<script>ipt>__xss(¤)</scr</script>ipt>',
    '<img src=x one<b>rror=__xss(¤)>',
    '<img src=x onerror&#61;__xss(¤)>',
    '<img src=x onerror="&#95;&#95;xss(¤)">',
    '<<img src=x onerror=__xss(¤)>',
    '+ADw-script+AD4-__xss(¤)+ADw-/script+AD4-',
    `<img src=x onerror=eval(atob('${base64('__xss(¤)')}'))//__xss(¤)>`,
    "<img src=x onerror=window['__x'+'ss'](¤)//__xss(¤)>",
    '<iframe srcdoc="&lt;script&gt;parent.__xss(¤)&lt;/script&gt;"></iframe>',
    '<img/src/onerror=__xss(¤)>',
    '&#60;img src=x onerror=__xss(¤)&#62;',
    '\\x3cimg src=x onerror=__xss(¤)\\x3e',
  ],
  'attribute breaking': [
    '"><img src=x onerror=__xss(¤)>',
    "'><svg onload=__xss(¤)>",
    '" onfocus="__xss(¤)" autofocus="',
    "' onmouseover='__xss(¤)",
    '` onerror=__xss(¤) `',
    '"/><script>__xss(¤)</script>',
    '</textarea><script>__xss(¤)</script>',
    '</title><script>__xss(¤)</script>',
    '</style><script>__xss(¤)</script>',
    '--><script>__xss(¤)</script>',
    ']]><script>__xss(¤)</script>',
    '" style="x:expression(__xss(¤))',
    '"autofocus onfocus=__xss(¤) x="',
    '</noscript><img src=x onerror=__xss(¤)>',
    '<!--<img src="--><img src=x onerror=__xss(¤)//">',
    '</option></select><img src=x onerror=__xss(¤)>',
  ],
  css: [
    "<style>@import 'javascript:__xss(¤)';</style>",
    '<div style="background:url(javascript:__xss(¤))">bg</div>',
    '<div style="width:expression(__xss(¤))">w</div>',
    '<link rel=stylesheet href="javascript:__xss(¤)">',
    '<style>*{background:url("javascript:__xss(¤)")}</style>',
    '<style onload=__xss(¤)></style>',
    'x{}</style><img src=x onerror=__xss(¤)>',
    '<style>@keyframes k{}</style><div style="animation-name:k" onanimationstart=__xss(¤)>a</div>',
    '<div style="transition:color 1ms" ontransitionend=__xss(¤)>t</div>',
    'background-image:url(javascript:__xss(¤))',
  ],
  template: [
    "{{constructor.constructor('__xss(¤)')()}}",
    // A template literal's placeholder, written so that no tool reads it as one.
    `${'$'}{__xss(¤)}`,
    '{{__xss(¤)}}',
    '<%= __xss(¤) %>',
    '#{__xss(¤)}',
    "{{ $on.constructor('__xss(¤)')() }}",
    '[[__xss(¤)]]',
    '{{{__xss(¤)}}}',
    '{{name}}<img src=x onerror=__xss(¤)>',
    '{{count}} {{__proto__}} __xss(¤)',
  ],
  unicode: [
    '＜script＞__xss(¤)＜/script＞',
    '\u202e<img src=x onerror=__xss(¤)>',
    '<scr\u200bipt>__xss(¤)</script>',
    '<img src=x onerror\u0000=__xss(¤)>',
    '<ѕcript>__xss(¤)</ѕcript>',
    '\ufeff<script>__xss(¤)</script>',
    '\ud800<img src=x onerror=__xss(¤)>',
    '<img src=x onerror=\u2028__xss(¤)>',
    '%C0%BCscript%C0%BE__xss(¤)%C0%BC/script%C0%BE',
    'ʼ onmouseover=ʼ__xss(¤)',
    '<İMG SRC=x ONERROR=__xss(¤)>',
    'e\u0301\u0301\u0301<img src=x onerror=__xss(¤)>',
    '\u0000<script>__xss(¤)</script>',
  ],
  'telegram html': [
    '<a href="javascript:__xss(¤)">read more</a>',
    '<a href=" JaVaScRiPt:__xss(¤)">read more</a>',
    '<a href="data:text/html,&lt;script&gt;__xss(¤)&lt;/script&gt;">read more</a>',
    '<a href="https://example.com/&quot; onmouseover=&quot;__xss(¤)">read more</a>',
    '<b onclick="__xss(¤)">bold</b>',
    '<a href="tg://resolve?domain=x" onclick="__xss(¤)">chat</a>',
    '<tg-emoji emoji-id="1" onclick="__xss(¤)">👍</tg-emoji>',
    '<pre><code class="language-x&quot; onmouseover=&quot;__xss(¤)">code</code></pre>',
    '<blockquote expandable onmouseover="__xss(¤)">quote</blockquote>',
    '<span class="tg-spoiler" onclick="__xss(¤)">spoiler</span>',
    '<a href="java&#115;cript:__xss(¤)">read more</a>',
    '<a href="&#x6a;avascript:__xss(¤)">read more</a>',
    '<i>fine</i> <a href="vbscript:__xss(¤)">read more</a>',
    '<u>fine</u> &lt;img src=x onerror=__xss(¤)&gt;',
    // Good links, so the preview draws some: their targets must still be checked ones.
    '<a href="https://example.com/?q=__xss(¤)">read more</a>',
    '<a href="tg://resolve?domain=botdeck&amp;start=__xss(¤)">chat</a>',
  ],
};

/** Every payload, numbered from 1 in the order above. */
export const XSS_PAYLOADS: readonly XssPayload[] = Object.entries(FAMILIES)
  .flatMap(([family, texts]) => texts.map((text) => ({ family: family as XssFamily, text })))
  .map((payload, index) => ({
    id: index + 1,
    family: payload.family,
    text: payload.text.replaceAll('¤', String(index + 1)),
  }));

/** The payloads' numbers found in `text` (rendered text, an attribute), each once. */
export function payloadIdsIn(text: string): number[] {
  const calls = text.matchAll(/(?:__|&#95;&#95;)xss\((\d+)\)/g);
  return [...new Set([...calls].map((match) => Number(match[1])))];
}
