/**
 * "Who can see what" on a young player's card (docs/reference.md "Families"), for club admins:
 * the privacy rules the services enforce, said for this child with the people they name. A
 * child's date of birth, and while they are a minor their contact details, go only to
 * themselves, their guardians, the coaches of their teams and club admins; their guardians read
 * the rooms the child is in and the child's direct conversations without writing in them; the
 * public showcase names them as the club's `showcaseMinors` setting says.
 */
import { List, Stack, Text, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import { SHOWCASE_MINORS_OPTIONS, type Guardian, type ShowcaseMinors } from '@teamapp/contracts';
import { ErrorNotice, LoadingNotice } from '@teamapp/ui';
import { useChildAudience, type ChildTeam } from '../api/family';

const listFormat = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** "guardians (Pat Young and Sam Young)"; nobody named, the group alone. */
const group = (label: string, names: readonly string[]) =>
  names.length ? `${label} (${listFormat.format(names)})` : label;

export interface Audience {
  childName: string;
  hasLogin: boolean;
  /** False once the player is of the club's adult age: the guardianship has ended. */
  minor: boolean;
  guardians: readonly Pick<Guardian, 'name'>[];
  teams: readonly ChildTeam[];
  /** With one team in the club, its coaches are just "coaches". */
  severalTeams: boolean;
  admins: readonly string[];
  showcaseMinors: ShowcaseMinors;
}

/** The card's lines, each a label and what it says. */
export function whoCanSee(a: Audience): { label: string; text: string }[] {
  const guarded = a.minor && a.guardians.length > 0;
  const readers = [
    ...(a.hasLogin ? [`${a.childName} themselves`] : []),
    ...(guarded
      ? [
          group(
            'guardians',
            a.guardians.map((g) => g.name),
          ),
        ]
      : []),
    ...a.teams
      .filter((t) => t.coaches.length)
      .map((t) => group(a.severalTeams ? `coaches of ${t.name}` : 'coaches', t.coaches)),
    group('club admins', a.admins),
  ];
  const messages = guarded
    ? 'guardians can read the rooms this player is in and their direct conversations (read only).'
    : a.minor
      ? 'only the members of each room; no guardian yet.'
      : 'only the members of each room; guardians no longer read them.';
  return [
    {
      label: a.minor ? 'Date of birth and contact details' : 'Date of birth',
      text: `${listFormat.format(readers)}.`,
    },
    { label: 'Messages', text: messages },
    {
      label: 'Public showcase',
      text: a.minor
        ? `${SHOWCASE_MINORS_OPTIONS[a.showcaseMinors].toLowerCase()}.`
        : 'as any adult member.',
    },
  ];
}

export function WhoCanSee({
  child,
  guardians,
}: {
  child: { id: string; name: string; hasLogin: boolean; minor?: boolean };
  /** The guardians list's answer; undefined while it loads. */
  guardians: readonly Guardian[] | undefined;
}) {
  const audience = useChildAudience(child.id, true);
  const headingId = `who-can-see-${child.id}`;
  const lines =
    audience.data && guardians
      ? whoCanSee({
          childName: child.name,
          hasLogin: child.hasLogin,
          minor: child.minor !== false,
          guardians,
          ...audience.data,
        })
      : null;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          Who can see what
        </Title>
        {audience.failed ? (
          <ErrorNotice
            message={errorText(audience.failed.error, 'Failed to load who can see this player')}
            onRetry={audience.retry}
          />
        ) : lines ? (
          <List spacing={4} size="sm" aria-labelledby={headingId}>
            {lines.map((line) => (
              <List.Item key={line.label} style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} size="sm">
                  {line.label}:
                </Text>{' '}
                {line.text}
              </List.Item>
            ))}
          </List>
        ) : (
          <LoadingNotice label="Loading who can see this player..." />
        )}
      </Stack>
    </section>
  );
}
