/**
 * One card on the board (reference §2 Club Development): title, category, priority, assignee
 * initials and due date ("No date"), marked when overdue. Clicking it opens the details. For
 * admins the card can be dragged (by mouse or touch anywhere on it, by keyboard from its move
 * handle) and has the View / Edit / Delete menu.
 */
import type { CSSProperties, ReactNode } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Group,
  Menu,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { UNASSIGNED, type ClubTask, type TaskPriority } from '@teamapp/contracts';
import { initialsOf } from '@teamapp/ui';
import { CATEGORY_LABELS, PRIORITY_LABELS, dueDateText } from '../board';

const PRIORITY_COLORS: Record<TaskPriority, string> = {
  low: 'gray',
  medium: 'yellow',
  high: 'red',
};

export interface CardActions {
  onView: (task: ClubTask) => void;
  onEdit: (task: ClubTask) => void;
  onDelete: (task: ClubTask) => void;
}

interface CardProps {
  task: ClubTask;
  /** Admins' menu; players get none. */
  actions?: CardActions;
  onView: (task: ClubTask) => void;
  /** The drag handle (admins). */
  handle?: ReactNode;
  style?: CSSProperties;
  dragging?: boolean;
  cardRef?: (node: HTMLElement | null) => void;
  cardProps?: Record<string, unknown>;
}

function TaskCardView({
  task,
  actions,
  onView,
  handle,
  style,
  dragging,
  cardRef,
  cardProps,
}: CardProps) {
  const unassigned = task.assignee === UNASSIGNED;
  return (
    <Card
      ref={cardRef}
      withBorder
      padding="sm"
      radius="md"
      component="article"
      aria-label={task.title}
      data-overdue={task.overdue || undefined}
      style={{
        cursor: handle ? 'grab' : 'pointer',
        opacity: dragging ? 0.5 : undefined,
        // Overdue cards carry a red edge as well as the "Overdue" badge.
        borderLeft: task.overdue ? '4px solid var(--mantine-color-red-8)' : undefined,
        ...style,
      }}
      onClick={() => onView(task)}
      {...cardProps}
    >
      <Group gap={6} wrap="nowrap" align="start">
        {handle}
        <UnstyledButton
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', textAlign: 'left' }}
          onClick={(e) => {
            e.stopPropagation();
            onView(task);
          }}
        >
          <Text fw={600} size="sm">
            {task.title}
          </Text>
        </UnstyledButton>
        {actions && (
          // The menu's clicks and presses stay its own (its dropdown is portalled, but React
          // events still bubble to the card, which would open the details or start a drag).
          <div
            onClick={(e) => e.stopPropagation()}
            onMouseDown={(e) => e.stopPropagation()}
            onTouchStart={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.stopPropagation()}
          >
            <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${task.title}`}>
                  <span aria-hidden="true">⋮</span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => actions.onView(task)}>View</Menu.Item>
                <Menu.Item onClick={() => actions.onEdit(task)}>Edit</Menu.Item>
                <Menu.Item color="red.9" onClick={() => actions.onDelete(task)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </div>
        )}
      </Group>
      <Group gap={6} mt={8}>
        <Badge variant="light" color="blue" size="sm">
          <VisuallyHidden>Category: </VisuallyHidden>
          {CATEGORY_LABELS[task.category]}
        </Badge>
        <Badge variant="light" color={PRIORITY_COLORS[task.priority]} size="sm">
          <VisuallyHidden>Priority: </VisuallyHidden>
          {PRIORITY_LABELS[task.priority]}
        </Badge>
        {task.overdue && (
          <Badge variant="filled" color="red" size="sm">
            Overdue
          </Badge>
        )}
      </Group>
      <Group justify="space-between" mt={8} wrap="nowrap">
        <Text size="xs" c={task.overdue ? 'red.9' : 'dimmed'} fw={task.overdue ? 600 : undefined}>
          <VisuallyHidden>Due: </VisuallyHidden>
          {dueDateText(task.due_date)}
        </Text>
        <Avatar
          size={28}
          radius="xl"
          color={unassigned ? 'gray' : 'blue'}
          variant={unassigned ? 'light' : 'filled'}
          title={task.assignee}
          aria-hidden="true"
        >
          {initialsOf(task.assignee)}
        </Avatar>
        <VisuallyHidden>Assignee: {task.assignee}</VisuallyHidden>
      </Group>
    </Card>
  );
}

/** A card as players see it: read only, it opens the details. */
export function TaskCard(props: { task: ClubTask; onView: (task: ClubTask) => void }) {
  return <TaskCardView {...props} />;
}

/** A card an admin can drag within and between columns. */
export function SortableTaskCard({ task, actions }: { task: ClubTask; actions: CardActions }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: task.id, data: { type: 'task' } });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
  };
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      aria-label={`Move ${task.title}`}
      onClick={(e) => e.stopPropagation()}
    >
      <span aria-hidden="true">⠿</span>
    </ActionIcon>
  );
  return (
    <TaskCardView
      task={task}
      actions={actions}
      onView={actions.onView}
      handle={handle}
      style={style}
      dragging={isDragging}
      cardRef={setNodeRef}
      cardProps={listeners}
    />
  );
}
