/**
 * "New Room" (reference §5 Chat room): a name is required; a group room includes every other member,
 * a private one the members ticked ("No users available" when there is nobody else). The
 * current user is never in the list: they are in the room anyway. Built with useApiForm: the
 * contract's room schema checks the request about to be sent.
 *
 * Teams (docs/reference.md "Teams"): a room may belong to one team, among that team's members
 * only (its roster from GET /teams/:id/members). With several teams a "Team" picker shows: a club
 * admin may leave it on "Club-wide", a coach picks one of the teams they coach. A coach's room
 * always names their team, picker or not.
 *
 * Families (docs/reference.md "Families"): a young player talks privately with their guardians
 * and other young players only, so a private room does not offer anyone the caller could not be
 * alone with: to an adult, the young players who are not their children; to a young player, the
 * adults (the server refuses such a direct conversation: CHILD_DIRECT_REFUSED).
 */
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  createChatRoomSchema,
  type ChatRoom,
  type ChatRoomType,
  type CreateChatRoomInput,
} from '@teamapp/contracts';
import {
  LoadingNotice,
  requestSchema,
  TeamPicker,
  useApiForm,
  useSession,
  useTeamMembers,
  useTeamPick,
  RadioChoices,
} from '@teamapp/ui';
import { useCreateRoom, useMembers } from '../api/chat-api';

export const CREATE_FAILED = 'Failed to create chat room';
/** Said under the members when the family rule left some out. */
export const YOUNG_PLAYERS_LEFT_OUT =
  'Young players are offered only to their guardians and to other young players.';

interface RoomFormValues {
  name: string;
  description: string;
  type: ChatRoomType;
  /** The members ticked for a private room. */
  picked: string[];
  /** The room's team; '' for a club room. */
  teamId: string;
}

interface Props {
  onClose: () => void;
  onCreated: (room: ChatRoom) => void;
}

export function NewRoomDialog({ onClose, onCreated }: Props) {
  const { user } = useSession();
  // A club admin may make a room for the club or any team; a coach for a team they coach.
  const pick = useTeamPick();
  const members = useMembers();
  const create = useCreateRoom();

  const requestOf = (values: RoomFormValues): CreateChatRoomInput => ({
    name: values.name.trim(),
    description: values.description.trim() || null,
    type: values.type,
    members: values.type === 'group' ? others.map((m) => m.id) : values.picked,
    // A club room sends no teamId at all (the request of a club with one team is unchanged).
    ...(values.teamId ? { teamId: values.teamId } : {}),
  });

  const initialValues: RoomFormValues = {
    name: '',
    description: '',
    type: 'group',
    picked: [],
    teamId: pick.initial,
  };
  const api = useApiForm({
    initialValues,
    schema: requestSchema(createChatRoomSchema, requestOf, (path) =>
      path.startsWith('members') ? 'picked' : path,
    ),
    submit: async (_data, values) => (await create.mutateAsync(requestOf(values))).data,
    errorMessage: (err) => errorText(err, CREATE_FAILED),
    onSuccess: onCreated,
  });
  const { form } = api;
  const teamId = form.values.teamId || null;
  const roster = useTeamMembers(teamId);
  // A team's room is among its members; a club room among every active member.
  const candidates = teamId
    ? (roster.data?.members ?? []).map((m) => ({ id: m.userId, name: m.name }))
    : (members.data ?? []);
  const everyone = candidates.filter((m) => m.id !== user?.id);
  // Who is a minor comes from the member directory; the session names the caller's children.
  const minors = new Set((members.data ?? []).filter((m) => m.minor).map((m) => m.id));
  const children = new Set(user?.children ?? []);
  const mayBeAlone = (id: string) =>
    user?.minor ? minors.has(id) : !minors.has(id) || children.has(id);
  const others =
    form.values.type === 'private' ? everyone.filter((m) => mayBeAlone(m.id)) : everyone;
  const leftOut = others.length < everyone.length;
  const rosterPending = teamId !== null && !roster.isSuccess;
  // A private room needs someone ticked besides its maker.
  const noneTicked = form.values.type === 'private' && form.values.picked.length === 0;

  return (
    <Modal opened onClose={onClose} title="New Room" centered>
      <form onSubmit={api.onSubmit} noValidate>
        <Stack gap="sm">
          {api.errorRegion()}
          <TextInput label="Room Name" required {...form.getInputProps('name')} data-autofocus />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
            maxLength={500}
          />
          {pick.shown && (
            <TeamPicker
              pick={pick}
              {...form.getInputProps('teamId')}
              onChange={(e) => {
                // Another team's members are not this one's: the ticks start again.
                form.setFieldValue('teamId', e.currentTarget.value);
                form.setFieldValue('picked', []);
              }}
            />
          )}
          <RadioChoices
            label="Type"
            choices={[
              { value: 'group', label: 'Group (everyone)' },
              { value: 'private', label: 'Private (picked members)' },
            ]}
            {...form.getInputProps('type')}
          />
          {form.values.type === 'private' && (
            <Checkbox.Group label="Members" {...form.getInputProps('picked')}>
              <Stack gap={6} mt={4}>
                {rosterPending ? (
                  <LoadingNotice label="Loading the team's members..." />
                ) : others.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    No users available
                  </Text>
                ) : (
                  others.map((m) => <Checkbox key={m.id} value={m.id} label={m.name} />)
                )}
                {leftOut && (
                  <Text c="dimmed" size="sm">
                    {YOUNG_PLAYERS_LEFT_OUT}
                  </Text>
                )}
              </Stack>
            </Checkbox.Group>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!form.isValid() || noneTicked || rosterPending}
              loading={api.pending}
            >
              Create Room
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
