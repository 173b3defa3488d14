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
    expect(mail.text).toContain('Answer: http://club.test/schedule');
    expect(mail.html).toContain('Derby &lt;Day&gt;');
    expect(mail.html).toContain('href="http://club.test/schedule"');
  });

  it('when a cancellation is rendered, then it says which event is off', () => {
    const mail = renderMail({ template: 'event-cancelled', ...event }, 'Riverside FC');

    expect(mail.subject).toBe('Riverside FC: cancelled: Derby <Day>, Fri, May 2, 2031, 7:00 PM');
    expect(mail.text).toContain('at North Park has been cancelled.');
    expect(mail.html).not.toContain('<Day>');
  });
});
