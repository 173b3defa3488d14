/** The showcase's HTML allow-list against the XSS payload list (no database needed). */
import { XSS_PAYLOADS, scriptRisks } from '../../test/xss-payloads';
import { escapeHtml, sanitizeShowcaseHtml } from './sanitize-html';

describe('sanitizeShowcaseHtml', () => {
  it.each(XSS_PAYLOADS)(
    'when the content is %s, then nothing that can run script survives',
    (payload) => {
      const clean = sanitizeShowcaseHtml(payload);

      expect(scriptRisks(clean)).toEqual([]);
      expect(clean).not.toContain(payload);
    },
  );

  it('when the payload list is checked unsanitized, then the scan finds a risk in every one', () => {
    for (const payload of XSS_PAYLOADS) expect(scriptRisks(payload)).not.toEqual([]);
  });

  it('when the content is ordinary markup, then it is kept and links open safely in a new tab', () => {
    const html =
      '<h2>Season tickets</h2><p>On sale <strong>now</strong>.</p><ul><li>Adults</li></ul>' +
      '<a href="https://club.example/tickets">Buy</a> <a href="mailto:club@example.org">Mail</a>' +
      '<img src="https://club.example/crest.png" alt="Crest">';

    const clean = sanitizeShowcaseHtml(html);

    expect(clean).toContain('<h2>Season tickets</h2><p>On sale <strong>now</strong>.</p>');
    expect(clean).toContain(
      '<a href="https://club.example/tickets" target="_blank" rel="noopener noreferrer">Buy</a>',
    );
    expect(clean).toContain('href="mailto:club@example.org"');
    expect(clean).toContain('<img src="https://club.example/crest.png" alt="Crest" />');
  });

  it('when text is escaped, then markup characters cannot open a tag or leave an attribute', () => {
    expect(escapeHtml(`<b>"Tom's" & co</b>`)).toBe(
      '&lt;b&gt;&quot;Tom&#39;s&quot; &amp; co&lt;/b&gt;',
    );
  });
});
