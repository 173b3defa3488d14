/**
 * "New Room" (reference §5 Chat room): a name is required; a group room includes every other member,
 * a private one the members ticked ("No users available" when there is nobody else). The
 * current user is never in the list: they are in the room anyway. Built with useApiForm: the
 * contract's room schema checks the request about to be sent.
 */
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  createChatRoomSchema,
  type ChatRoom,
  type ChatRoomType,
  type CreateChatRoomInput,
} from '@teamapp/contracts';
import { requestSchema, useApiForm, useSession } from '@teamapp/ui';
import { useCreateRoom, useMembers } from '../api/chat-api';

export const CREATE_FAILED = 'Failed to create chat room';

interface RoomFormValues {
  name: string;
  description: string;
  type: ChatRoomType;
  /** The members ticked for a private room. */
  picked: string[];
}

const EMPTY_ROOM: RoomFormValues = { name: '', description: '', type: 'group', picked: [] };

interface Props {
  onClose: () => void;
  onCreated: (room: ChatRoom) => void;
}

export function NewRoomDialog({ onClose, onCreated }: Props) {
  const { user } = useSession();
  const members = useMembers();
  const create = useCreateRoom();
  const others = (members.data ?? []).filter((m) => m.id !== user?.id);

  const requestOf = (values: RoomFormValues): CreateChatRoomInput => ({
    name: values.name.trim(),
    description: values.description.trim() || null,
    type: values.type,
    members: values.type === 'group' ? others.map((m) => m.id) : values.picked,
  });

  const api = useApiForm({
    initialValues: EMPTY_ROOM,
    schema: requestSchema(createChatRoomSchema, requestOf, (path) =>
      path.startsWith('members') ? 'picked' : path,
    ),
    submit: async (_data, values) => (await create.mutateAsync(requestOf(values))).data,
    errorMessage: (err) => errorText(err, CREATE_FAILED),
    onSuccess: onCreated,
  });
  const { form } = api;
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
          <Radio.Group label="Type" {...form.getInputProps('type')}>
            <Group gap="md" mt={4}>
              <Radio value="group" label="Group (everyone)" />
              <Radio value="private" label="Private (picked members)" />
            </Group>
          </Radio.Group>
          {form.values.type === 'private' && (
            <Checkbox.Group label="Members" {...form.getInputProps('picked')}>
              <Stack gap={6} mt={4}>
                {others.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    No users available
                  </Text>
                ) : (
                  others.map((m) => <Checkbox key={m.id} value={m.id} label={m.name} />)
                )}
              </Stack>
            </Checkbox.Group>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!form.isValid() || noneTicked} loading={api.pending}>
              Create Room
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
