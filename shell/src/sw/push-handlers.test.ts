import { ANSWER_LINK_PATH_PATTERN, pushPayloadSchema, type PushPayload } from '@teamapp/contracts';
import { ANSWER_PATH, answerUrlOf, notificationOf, pushPayloadOf } from './push-handlers';

const LINK =
  '/api/events/answer/0b6c1f0e-0f0c-4c7e-9a57-0c3f7a0c2a11.attending.1767225600.abc_DEF-1';
const reminder: PushPayload = {
  title: 'Reminder: Training',
  body: 'Tuesday at 6:00 PM at North Field.',
  kind: 'reminders',
  url: '/schedule',
  tag: '5f0e6c1a-3a53-4b8f-a0de-4f0f0b6e0c11',
  eventId: '0c3f7a0c-2a11-4c7e-9a57-0b6c1f0e0f0c',
  actions: [
    { action: 'going', title: 'Going', url: LINK },
    { action: 'not-going', title: "Can't Go", url: LINK.replace('attending', 'not-attending') },
  ],
};

describe('pushPayloadOf', () => {
  it("when the push is a reminder as content sends it, then it is taken as is (the contract's own check agrees)", () => {
    expect(pushPayloadSchema.parse(reminder)).toEqual(reminder);
    expect(pushPayloadOf(JSON.parse(JSON.stringify(reminder)))).toEqual(reminder);
  });

  it('when a push has no actions and no event, then it is taken', () => {
    const news = { ...reminder, kind: 'news', url: '/news', actions: [] };
    delete (news as Partial<PushPayload>).eventId;
    expect(pushPayloadOf(news)).toEqual(news);
  });

  it.each<[string, unknown]>([
    ['nothing', null],
    ['a string', 'Reminder'],
    ['no title', { ...reminder, title: undefined }],
    ['a number for a body', { ...reminder, body: 3 }],
    ['an unknown kind', { ...reminder, kind: 'weather' }],
    ['a page on another site', { ...reminder, url: 'https://evil.example/schedule' }],
    ['a protocol-relative page', { ...reminder, url: '//evil.example/schedule' }],
    ['actions that are not a list', { ...reminder, actions: 'going' }],
    ['an unknown action', { ...reminder, actions: [{ action: 'maybe', title: 'Maybe' }] }],
    [
      'an action posting to another site',
      {
        ...reminder,
        actions: [{ action: 'going', title: 'Going', url: 'https://evil.example/x' }],
      },
    ],
    [
      'an action posting to another path',
      { ...reminder, actions: [{ action: 'going', title: 'Going', url: '/api/user/profile' }] },
    ],
  ])('when the push carries %s, then it is refused', (_what, value) => {
    expect(pushPayloadOf(value)).toBeUndefined();
  });

  it("when the contract's answer path changes, then the worker's copy is changed with it", () => {
    expect(ANSWER_PATH.source).toBe(ANSWER_LINK_PATH_PATTERN.source);
  });
});

describe('notificationOf', () => {
  it("when a reminder is shown, then it has the club's icon, its tag, Going and Can't Go, and keeps each answer's link", () => {
    expect(notificationOf(reminder)).toEqual({
      title: 'Reminder: Training',
      options: {
        body: reminder.body,
        icon: '/api/settings/icons/icon-192.png',
        tag: reminder.tag,
        actions: [
          { action: 'going', title: 'Going' },
          { action: 'not-going', title: "Can't Go" },
        ],
        data: {
          url: '/schedule',
          answers: { going: LINK, 'not-going': reminder.actions[1]!.url },
        },
      },
    });
  });
});

describe('answerUrlOf', () => {
  const ORIGIN = 'https://club.example';

  it('when the link is an answer path, then it is posted on the app origin', () => {
    expect(answerUrlOf(LINK, ORIGIN)).toBe(`${ORIGIN}${LINK}`);
  });

  it.each([
    undefined,
    '',
    `https://evil.example${LINK}`,
    `//evil.example${LINK}`,
    '/api/user/profile',
    `${LINK}?next=https://evil.example`,
    '/api/events/answer/../../user/profile',
  ])('when the link is %s, then nothing is posted', (url) => {
    expect(answerUrlOf(url, ORIGIN)).toBeUndefined();
  });
});
