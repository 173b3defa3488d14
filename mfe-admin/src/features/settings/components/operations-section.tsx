/**
 * Settings › Operations: where admins open the queues board (every job queue, failed jobs with
 * their reasons, retry and remove) and the API reference.
 */
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueuesTicket } from '../api/queues-ticket';

export function OperationsSection({
  onProblem,
  navigate = (url) => window.location.assign(url),
}: {
  onProblem: (text: string) => void;
  /** Goes to the board (a full page load: the board is not part of the app). */
  navigate?: (url: string) => void;
}) {
  const ticket = useQueuesTicket();
  const openQueues = () =>
    ticket.mutate(undefined, {
      onSuccess: ({ url }) => navigate(url),
      onError: () => onProblem('Failed to open the queues. Please try again.'),
    });

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Operations
      </Title>
      <Text size="sm">
        The job queues behind mail, notifications, member updates and reminders: what waits, runs,
        is delayed or failed (with the reason), with retry and remove.
      </Text>
      <Group wrap="wrap">
        <Button variant="default" loading={ticket.isPending} onClick={openQueues}>
          Queues
        </Button>
        <Anchor href="/api/docs/" size="sm">
          API reference
        </Anchor>
      </Group>
    </Stack>
  );
}
