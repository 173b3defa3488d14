import { renderMail } from './templates';

const event = {
  to: 'sam@club.test',
  name: 'Sam',
  title: 'Derby <Day>',
  when: 'Fri, May 2, 2031, 7:00 PM',
  location: 'North Park',
};

describe('schedule mail templates', () => {
  it('when a reminder is rendered, then it names the event, its time and place, and links to answer', () => {
    const mail = renderMail(
      { template: 'event-reminder', ...event, scheduleUrl: 'http://club.test/schedule' },
      'Riverside FC',
    );

    expect(mail.subject).toBe('Riverside FC: reminder: Derby <Day>, Fri, May 2, 2031, 7:00 PM');
    expect(mail.text).toContain('Derby <Day> is on Fri, May 2, 2031, 7:00 PM at North Park.');
    expect(mail.text).toContain('Answer in the app: http://club.test/schedule');
    expect(mail.text).toContain('You have not answered yet.');
    expect(mail.html).toContain('Derby &lt;Day&gt;');
    expect(mail.html).toContain('href="http://club.test/schedule"');
    expect(mail.text).not.toContain('/api/events/answer/');
  });

  it("when a reminder carries the member's answer links, then it offers Going, Maybe and Can't Go, each its own link", () => {
    const link = (answer: string) => `http://club.test/api/events/answer/m.e.${answer}.9&x=1`;
    const mail = renderMail(
      {
        template: 'event-reminder',
        ...event,
        scheduleUrl: 'http://club.test/schedule',
        answerLinks: {
          attending: link('attending'),
          maybe: link('maybe'),
          'not-attending': link('not-attending'),
        },
      },
      'Riverside FC',
    );

    expect(mail.text).toContain(`Going: ${link('attending')}`);
    expect(mail.text).toContain(`Maybe: ${link('maybe')}`);
    expect(mail.text).toContain(`Can't Go: ${link('not-attending')}`);
    const hrefs = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(hrefs).toEqual([
      ['http://club.test/api/events/answer/m.e.attending.9&amp;x=1', 'Going'],
      ['http://club.test/api/events/answer/m.e.maybe.9&amp;x=1', 'Maybe'],
      ['http://club.test/api/events/answer/m.e.not-attending.9&amp;x=1', 'Can&#39;t Go'],
      ['http://club.test/schedule', 'Open the Schedule'],
    ]);
  });

  it("when a guardian's reminder names children, then it has a section per child with that child's Going, Maybe and Can't Go", () => {
    const links = (who: string) => ({
      attending: `http://club.test/api/events/answer/${who}.attending&x=1`,
      maybe: `http://club.test/api/events/answer/${who}.maybe`,
      'not-attending': `http://club.test/api/events/answer/${who}.not-attending`,
    });
    const mail = renderMail(
      {
        template: 'event-reminder',
        ...event,
        name: 'Gina',
        title: 'Derby <Day> (for Eve and Sam)',
        scheduleUrl: 'http://club.test/schedule',
        children: [
          { name: 'Eve <Small>', answerLinks: links('eve') },
          { name: 'Sam', answerLinks: links('sam') },
        ],
      },
      'Riverside FC',
    );

    expect(mail.subject).toBe(
      'Riverside FC: reminder: Derby <Day> (for Eve and Sam), Fri, May 2, 2031, 7:00 PM',
    );
    expect(mail.text).toContain('Your children below have not answered yet.');
    expect(mail.text).not.toContain('You have not answered yet.');
    expect(mail.text).toContain(
      [
        "Eve <Small>: Going · Maybe · Can't Go",
        `  Going: ${links('eve').attending}`,
        `  Maybe: ${links('eve').maybe}`,
        `  Can't Go: ${links('eve')['not-attending']}`,
        '',
        "Sam: Going · Maybe · Can't Go",
        `  Going: ${links('sam').attending}`,
        `  Maybe: ${links('sam').maybe}`,
        `  Can't Go: ${links('sam')['not-attending']}`,
      ].join('\n'),
    );
    const sections = [...mail.html.matchAll(/<p[^>]*><strong>([^<]+):<\/strong> (.*?)<\/p>/g)].map(
      (m) => [
        m[1],
        [...m[2]!.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((a) => `${a[2]} ${a[1]}`),
        m[2]!.replace(/<a [^>]+>[^<]+<\/a>/g, 'link'),
      ],
    );
    expect(sections).toEqual([
      [
        'Eve &lt;Small&gt;',
        [
          'Going http://club.test/api/events/answer/eve.attending&amp;x=1',
          'Maybe http://club.test/api/events/answer/eve.maybe',
          'Can&#39;t Go http://club.test/api/events/answer/eve.not-attending',
        ],
        'link &middot; link &middot; link',
      ],
      [
        'Sam',
        [
          'Going http://club.test/api/events/answer/sam.attending&amp;x=1',
          'Maybe http://club.test/api/events/answer/sam.maybe',
          'Can&#39;t Go http://club.test/api/events/answer/sam.not-attending',
        ],
        'link &middot; link &middot; link',
      ],
    ]);
    expect(mail.html).toContain('Answer for each in one tap:');
    expect(mail.html).toContain('href="http://club.test/schedule"');
  });

  it("when a guardian's reminder names one child, then it says that child has not answered", () => {
    const link = 'http://club.test/api/events/answer/sam';
    const mail = renderMail(
      {
        template: 'event-reminder',
        ...event,
        scheduleUrl: 'http://club.test/schedule',
        children: [
          {
            name: 'Sam',
            answerLinks: { attending: link, maybe: link, 'not-attending': link },
          },
        ],
      },
      'Riverside FC',
    );

    expect(mail.text).toContain(
      'Sam has not answered yet. Let their team know whether they are going.',
    );
    expect(mail.text).toContain(`Sam: Going · Maybe · Can't Go\n  Going: ${link}`);
    expect(mail.html).toContain('Answer in one tap:');
    expect(mail.html).toContain('<strong>Sam:</strong>');
  });

  it('when a cancellation is rendered, then it says which event is off', () => {
    const mail = renderMail({ template: 'event-cancelled', ...event }, 'Riverside FC');

    expect(mail.subject).toBe('Riverside FC: cancelled: Derby <Day>, Fri, May 2, 2031, 7:00 PM');
    expect(mail.text).toContain('at North Park has been cancelled.');
    expect(mail.html).not.toContain('<Day>');
  });
});

describe('notification mails and the digest', () => {
  const unsubscribeUrl = 'http://club.test/api/notifications/unsubscribe?token=u.news.sig&x=1';

  it('when a notification mail is rendered, then it carries its title, text, link and the unsubscribe link', () => {
    const mail = renderMail(
      {
        template: 'notification',
        to: 'sam@club.test',
        name: 'Sam',
        title: 'Kit <day>',
        message: 'Bring your old boots.',
        url: 'http://club.test/news',
        unsubscribeUrl,
      },
      'Riverside FC',
    );

    expect(mail.subject).toBe('Riverside FC: Kit <day>');
    expect(mail.text).toContain('Kit <day>\nBring your old boots.\nhttp://club.test/news');
    expect(mail.text).toContain(`Unsubscribe from these mails: ${unsubscribeUrl}`);
    expect(mail.html).toContain('Kit &lt;day&gt;');
    expect(mail.html).toContain(
      'href="http://club.test/api/notifications/unsubscribe?token=u.news.sig&amp;x=1"',
    );
  });

  it('when a digest is rendered, then it lists each item once under the day', () => {
    const items = ['First', 'Second'].map((title) => ({
      title,
      message: `${title} text`,
      url: 'http://club.test/news',
    }));
    const mail = renderMail(
      {
        template: 'digest',
        to: 'sam@club.test',
        name: 'Sam',
        day: 'Saturday, November 28',
        items,
        unsubscribeUrl,
      },
      'Riverside FC',
    );

    expect(mail.subject).toBe('Riverside FC: your daily digest, Saturday, November 28');
    expect(mail.text).toContain('Here is what happened on Saturday, November 28: 2 notifications.');
    expect(mail.text.split('First text')).toHaveLength(2);
    expect(mail.html.split('Second text')).toHaveLength(2);
  });

  it('when a transactional mail is rendered, then it has no unsubscribe link', () => {
    const mail = renderMail(
      { template: 'password-changed', to: 'sam@club.test', name: 'Sam' },
      'Riverside FC',
    );
    expect(mail.text).not.toContain('Unsubscribe');
    expect(mail.html).not.toContain('Unsubscribe');
  });
});
