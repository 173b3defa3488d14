/**
 * Adding a club member to a team: pick them from the club's active members not yet in it (the
 * search narrows the list by name or email) and, for a club admin, their role; a coach adds
 * players. The server's refusal shows above the form. Native selects: the phone's own picker,
 * and the keyboard as the browser gives it.
 */
import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  TEAM_MEMBER_SAVED,
  teamMemberInputSchema,
  teamMemberParamsSchema,
  type Team,
  type TeamRole,
} from '@teamapp/contracts';
import { useApiForm } from '@teamapp/ui';
import { describeFor } from '../../../lib/form-check';
import { useClubMembers, usePutTeamMember } from '../api/teams';
import { TEAM_ROLE_OPTIONS } from './team-card';

/** A club member and a role: what PUT /teams/:id/members/:userId takes, the member chosen. */
const addMemberSchema = teamMemberInputSchema.extend(
  teamMemberParamsSchema.pick({ userId: true }).shape,
);

const describeAddIssue = describeFor({ userId: 'Club member', role: 'Role' });

export function AddMemberForm({
  team,
  inTeam,
  canSetCoaches,
  onSaved,
}: {
  team: Team;
  /** Who is in the team already. */
  inTeam: readonly string[];
  /** Club admins: choose the role; a coach adds players. */
  canSetCoaches: boolean;
  onSaved: (message: string) => void;
}) {
  const members = useClubMembers(true);
  const put = usePutTeamMember();
  const api = useApiForm({
    initialValues: { userId: '', role: 'player' as TeamRole },
    schema: addMemberSchema,
    describeIssue: describeAddIssue,
    submit: (data) => put.mutateAsync({ teamId: team.id, userId: data.userId, role: data.role }),
    errorMessage: (err) => errorText(err, 'Failed to add the member'),
    onSuccess: (answer) => {
      api.form.reset();
      onSaved(answer.message || TEAM_MEMBER_SAVED);
    },
  });

  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const chosen = api.form.values.userId;
  const candidates = (members.data ?? [])
    .filter((m) => !inTeam.includes(m.id))
    .filter(
      (m) =>
        m.id === chosen ||
        !needle ||
        m.name.toLowerCase().includes(needle) ||
        m.email.toLowerCase().includes(needle),
    )
    .map((m) => ({ value: m.id, label: m.name }));
  const prompt = members.isLoading
    ? 'Loading members...'
    : candidates.length > 0
      ? 'Choose a member'
      : 'No club member found';

  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={api.onSubmit} noValidate aria-labelledby="add-member-heading">
        <Stack gap="xs">
          <Title order={2} size="h5" id="add-member-heading">
            Add a club member
          </Title>
          {api.errorRegion()}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search club members"
              type="search"
              placeholder="Name or email"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              miw={180}
              style={{ flex: 1 }}
            />
            <NativeSelect
              label="Club member"
              data={[{ value: '', label: prompt, disabled: true }, ...candidates]}
              miw={180}
              style={{ flex: 1 }}
              {...api.form.getInputProps('userId')}
            />
            {canSetCoaches && (
              <NativeSelect
                label="Role"
                data={TEAM_ROLE_OPTIONS}
                w={120}
                {...api.form.getInputProps('role')}
              />
            )}
            <Button type="submit" disabled={api.pending}>
              {api.pending ? 'Adding...' : 'Add to Team'}
            </Button>
          </Group>
          {members.isError && (
            <Text size="sm" c="red.8">
              Failed to load the club&apos;s members.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
