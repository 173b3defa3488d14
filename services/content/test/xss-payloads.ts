/**
 * Markup that tries to run script, taken from the usual XSS cheat sheets: script tags, event
 * handlers, frames and embeds, dangerous URL schemes (in any case, entity-encoded), CSS, SVG and
 * MathML tricks, and tags split to slip past a naive filter.
 */
export const XSS_PAYLOADS = [
  '<script>window.__xss = 1</script><p>Welcome</p>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src="https://club.example/a.png" onerror="window.__xss = 1">',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">Click</a>',
  '<a href="JaVaScRiPt:alert(1)">Click</a>',
  '<a href="&#106;avascript:alert(1)">Click</a>',
  '<a href=" javascript:alert(1)">Click</a>',
  '<a href="vbscript:msgbox(1)">Click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Click</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form action="javascript:alert(1)"><button>Go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<details open ontoggle=alert(1)>x</details>',
  '<p onclick="alert(1)" onmouseover="alert(2)">Hover</p>',
  '<a href="https://club.example" onclick="alert(1)">Club</a>',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

const ALLOWED_TAGS = new Set(
  'p br strong b em i u s small h2 h3 h4 blockquote ul ol li a img hr span'.split(' '),
);

/**
 * The reasons markup could still run script, or [] when it is clean. The sanitizer escapes every
 * `<` in text, so each `<` left in its output opens a real tag and this scan sees them all.
 */
export function scriptRisks(html: string): string[] {
  const risks: string[] = [];
  for (const [, name, attributes] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (!ALLOWED_TAGS.has(name!.toLowerCase())) risks.push(`tag ${name}`);
    for (const [, attr, , value = ''] of attributes!.matchAll(
      /([^\s"'=/>]+)(\s*=\s*("([^"]*)"|'[^']*'|[^\s>]+))?/g,
    )) {
      if (/^on/i.test(attr!)) risks.push(`handler ${attr}`);
      if (/^(href|src)$/i.test(attr!)) {
        const url = value
          .replace(/^["']|["']$/g, '')
          .replace(/&amp;/g, '&')
          .trim();
        if (!/^(https?:|mailto:)/i.test(url)) risks.push(`${attr} ${url}`);
      }
      if (/^(style|srcdoc|action|formaction)$/i.test(attr!)) risks.push(`attribute ${attr}`);
    }
  }
  if (/javascript:|vbscript:|data:/i.test(html.replace(/&[#\w]+;/g, ''))) risks.push('scheme');
  return risks;
}
