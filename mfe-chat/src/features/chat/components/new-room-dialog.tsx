/**
 * "New Room" (reference §5 Chat room): a name is required; a group room includes every other member,
 * a private one the members ticked ("No users available" when there is nobody else). The
 * current user is never in the list: they are in the room anyway.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
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
import type { ChatRoom, ChatRoomType } from '@teamapp/contracts';
import { LiveRegion, useSession } from '@teamapp/ui';
import { useCreateRoom, useMembers } from '../api/chat-api';

export const CREATE_FAILED = 'Failed to create chat room';

interface Props {
  onClose: () => void;
  onCreated: (room: ChatRoom) => void;
}

export function NewRoomDialog({ onClose, onCreated }: Props) {
  const { user } = useSession();
  const members = useMembers();
  const create = useCreateRoom();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<ChatRoomType>('group');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const others = (members.data ?? []).filter((m) => m.id !== user?.id);
  const canSubmit =
    name.trim() !== '' && (type === 'group' || picked.length > 0) && !create.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    try {
      const res = await create.mutateAsync({
        name: name.trim(),
        description: description.trim() || null,
        type,
        members: type === 'group' ? others.map((m) => m.id) : picked,
      });
      onCreated(res.data);
    } catch (err) {
      setError(errorText(err, CREATE_FAILED));
    }
  }

  return (
    <Modal opened onClose={onClose} title="New Room" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
          <TextInput
            label="Room Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Radio.Group label="Type" value={type} onChange={(v) => setType(v as ChatRoomType)}>
            <Group gap="md" mt={4}>
              <Radio value="group" label="Group (everyone)" />
              <Radio value="private" label="Private (picked members)" />
            </Group>
          </Radio.Group>
          {type === 'private' && (
            <Checkbox.Group label="Members" value={picked} onChange={setPicked}>
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
            <Button type="submit" disabled={!canSubmit} loading={create.isPending}>
              Create Room
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
