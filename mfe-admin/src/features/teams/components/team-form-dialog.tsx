/**
 * The Create Team and Edit Team dialog (club admins): the team's name, its colour (one of the
 * team colours, each a radio button read by its name) and whether the public page shows it. The
 * server's refusal (a name another team has, a missing right) shows in the dialog, the name's
 * under the name.
 */
import { Modal, Radio, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  TEAM_COLOURS,
  TEAM_CREATED,
  TEAM_NAME_MAX,
  TEAM_UPDATED,
  teamInputSchema,
  type Team,
} from '@teamapp/contracts';
import { ApiFormStack, FormActions, useApiForm } from '@teamapp/ui';
import { describeFor } from '../../../lib/form-check';
import { useCreateTeam, useUpdateTeam } from '../api/teams';
import { TEAM_COLOUR_NAMES, TeamSwatch } from './team-colour';

interface TeamFormValues {
  name: string;
  colour: Team['colour'];
  public: boolean;
}

const describeTeamIssue = describeFor({ name: 'Team name', colour: 'Colour' });

export function TeamFormDialog({
  team,
  opened,
  onClose,
  onSaved,
}: {
  /** The team to edit; a new team when absent. */
  team?: Team;
  opened: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const api = useApiForm({
    initialValues: {
      name: team?.name ?? '',
      colour: team?.colour ?? TEAM_COLOURS[0],
      public: team?.public ?? false,
    } satisfies TeamFormValues,
    schema: teamInputSchema,
    describeIssue: describeTeamIssue,
    submit: (data) =>
      team ? update.mutateAsync({ id: team.id, changes: data }) : create.mutateAsync(data),
    errorMessage: (err) =>
      errorText(err, team ? 'Failed to save the team' : 'Failed to create the team'),
    onSuccess: (answer) => onSaved(answer.message || (team ? TEAM_UPDATED : TEAM_CREATED)),
  });

  function close() {
    api.reset();
    onClose();
  }

  const title = team ? 'Edit Team' : 'Create Team';
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <ApiFormStack api={api}>
        <TextInput
          label="Team name"
          required
          autoComplete="off"
          maxLength={TEAM_NAME_MAX}
          data-autofocus
          {...api.form.getInputProps('name')}
        />
        <Radio.Group label="Colour" {...api.form.getInputProps('colour')}>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt={4}>
            {TEAM_COLOURS.map((colour) => (
              <Radio
                key={colour}
                value={colour}
                label={
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                    <TeamSwatch colour={colour} size={16} />
                    {TEAM_COLOUR_NAMES[colour]}
                  </span>
                }
              />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Switch
          label="Public team"
          description="Shown on the club's public page"
          {...api.form.getInputProps('public', { type: 'checkbox' })}
        />
        <FormActions
          gap="sm"
          onCancel={close}
          disabled={api.pending}
          submit={api.pending ? 'Saving...' : team ? 'Save Changes' : 'Create Team'}
        />
      </ApiFormStack>
    </Modal>
  );
}
