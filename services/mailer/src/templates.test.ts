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

  it('when a cancellation is rendered, then it says which event is off', () => {
    const mail = renderMail({ template: 'event-cancelled', ...event }, 'Riverside FC');

    expect(mail.subject).toBe('Riverside FC: cancelled: Derby <Day>, Fri, May 2, 2031, 7:00 PM');
    expect(mail.text).toContain('at North Park has been cancelled.');
    expect(mail.html).not.toContain('<Day>');
  });
});
