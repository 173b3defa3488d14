/**
 * The four columns (reference §2 Club Development), each with its count. Admins add a task to a
 * column and drag cards within and between columns: with a mouse or touch anywhere
 * on a card, or from its move handle with the keyboard (Space or Enter picks it up, the arrow
 * keys move it, Space or Enter drops it, Escape puts it back), with screen-reader announcements
 * that name the task, the column and the place. A drop is saved at once.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { TASK_STATUSES, type ClubTask, type TaskStatus } from '@teamapp/contracts';
import { STATUS_LABELS, isStatus, toColumns, type Columns } from '../board';
import { SortableTaskCard, TaskCard, type CardActions } from './task-card';

export const DRAG_INSTRUCTIONS =
  'To move a task, press Space or Enter on its move handle. Use the arrow keys to move it ' +
  'within its column or to another column, then press Space or Enter to drop it, or Escape ' +
  'to cancel.';

interface BoardProps {
  tasks: ClubTask[];
  /** Admins: add, menu, drag. Players see the board read only. */
  admin: boolean;
  actions: CardActions;
  onAdd: (status: TaskStatus) => void;
  onMove: (task: ClubTask, status: TaskStatus, position: number) => void;
}

type Order = Record<TaskStatus, string[]>;

const orderOf = (columns: Columns): Order =>
  Object.fromEntries(TASK_STATUSES.map((s) => [s, columns[s].map((t) => t.id)])) as Order;

/** The column a card or column id is in. */
function columnOf(order: Order, id: UniqueIdentifier): TaskStatus | null {
  if (isStatus(id)) return id;
  return TASK_STATUSES.find((s) => order[s].includes(String(id))) ?? null;
}

function Column({
  status,
  count,
  admin,
  onAdd,
  children,
}: {
  status: TaskStatus;
  count: number;
  admin: boolean;
  onAdd: (status: TaskStatus) => void;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: !admin });
  const headingId = `column-${status}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      bg={isOver ? 'blue.0' : 'gray.0'}
      ref={setNodeRef}
      style={{ minWidth: 0 }}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title
          order={2}
          size="h4"
          id={headingId}
          aria-label={`${STATUS_LABELS[status]}, ${count} ${count === 1 ? 'task' : 'tasks'}`}
        >
          {STATUS_LABELS[status]}
          <Badge ml="xs" component="span" variant="filled" color="gray" size="md" radius="sm">
            {count}
          </Badge>
        </Title>
        {admin && (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => onAdd(status)}
            aria-label={`Add Task to ${STATUS_LABELS[status]}`}
          >
            Add Task
          </Button>
        )}
      </Group>
      <Stack gap="xs" mih={48}>
        {count === 0 && (
          <Text size="sm" c="dimmed">
            No tasks
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

const grid = (children: ReactNode) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md">
    {children}
  </SimpleGrid>
);

function ReadOnlyBoard({ tasks, actions }: Pick<BoardProps, 'tasks' | 'actions'>) {
  const columns = toColumns(tasks);
  return grid(
    TASK_STATUSES.map((status) => (
      <Column
        key={status}
        status={status}
        count={columns[status].length}
        admin={false}
        onAdd={() => {}}
      >
        {columns[status].map((task) => (
          <TaskCard key={task.id} task={task} onView={actions.onView} />
        ))}
      </Column>
    )),
  );
}

function DraggableBoard({ tasks, actions, onAdd, onMove }: Omit<BoardProps, 'admin'>) {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const saved = orderOf(toColumns(tasks));
  // While a card is dragged, the order it would land in; otherwise the saved one.
  const [dragging, setDragging] = useState<{ id: string; from: Order; order: Order } | null>(null);
  const order = dragging?.order ?? saved;
  // The drag instructions and announcements live inside the page's main landmark, not loose
  // in <body> where they would sit outside every landmark.
  const [speech, setSpeech] = useState<HTMLDivElement | null>(null);
  const orderNow = useRef(order);
  orderNow.current = order;
  // Left and right take a card to the previous or next column, whatever the columns' heights
  // (the nearest-corner guess of the sortable preset can skip a short column); up and down move
  // it within its column.
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    const { active, droppableRects } = args.context;
    if (!step || !active) return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const from = columnOf(orderNow.current, active.id);
    const to = from ? TASK_STATUSES[TASK_STATUSES.indexOf(from) + step] : undefined;
    const rect = to ? droppableRects.get(to) : undefined;
    return rect ? { x: rect.left + 1, y: rect.top + 1 } : undefined;
  };
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A short hold first, so a finger can still scroll the page past the cards.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const titleOf = (id: UniqueIdentifier) => byId.get(String(id))?.title ?? 'Task';
  /** "Review, position 2 of 3" for a card; "Review" for a column. */
  const placeOf = (current: Order, id: UniqueIdentifier) => {
    const status = columnOf(current, id);
    if (!status) return 'no column';
    if (isStatus(id)) return STATUS_LABELS[status];
    const index = current[status].indexOf(String(id));
    return `${STATUS_LABELS[status]}, position ${index + 1} of ${current[status].length}`;
  };

  // Called as the drag changes, before this board shows the change: a place is read from the
  // card or column under the dragged one.
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up task ${titleOf(active.id)}. It is in ${placeOf(order, active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Task ${titleOf(active.id)} is over ${placeOf(order, over.id)}.`
        : `Task ${titleOf(active.id)} is no longer over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Task ${titleOf(active.id)} was dropped in ${placeOf(order, over.id)}.`
        : `Task ${titleOf(active.id)} was put back.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. Task ${titleOf(active.id)} was put back in ${placeOf(saved, active.id)}.`,
  };

  function onDragStart({ active }: DragStartEvent) {
    setDragging({ id: String(active.id), from: saved, order: saved });
  }

  /** Across columns the card joins the column under it at once, so the cards make room. */
  function onDragOver({ active, over }: DragOverEvent) {
    if (!dragging || !over) return;
    const from = columnOf(dragging.order, active.id);
    const to = columnOf(dragging.order, over.id);
    if (!from || !to || from === to) return;
    const id = String(active.id);
    const target = dragging.order[to];
    const overIndex = target.indexOf(String(over.id));
    const index = overIndex >= 0 ? overIndex : target.length;
    setDragging({
      ...dragging,
      order: {
        ...dragging.order,
        [from]: dragging.order[from].filter((x) => x !== id),
        [to]: [...target.slice(0, index), id, ...target.slice(index)],
      },
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const current = dragging;
    setDragging(null);
    if (!current || !over) return;
    const id = String(active.id);
    const status = columnOf(current.order, id);
    if (!status) return;
    let column = current.order[status];
    const overIndex = column.indexOf(String(over.id));
    const index = column.indexOf(id);
    if (overIndex >= 0 && overIndex !== index) column = arrayMove(column, index, overIndex);
    const position = column.indexOf(id);
    const task = byId.get(id);
    const was = columnOf(current.from, id);
    if (!task || (was === status && current.from[status].indexOf(id) === position)) return;
    onMove(task, status, position);
  }

  const active = dragging ? byId.get(dragging.id) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS },
        container: speech ?? undefined,
      }}
    >
      <div ref={setSpeech} />
      {grid(
        TASK_STATUSES.map((status) => (
          <Column key={status} status={status} count={order[status].length} admin onAdd={onAdd}>
            <SortableContext items={order[status]} strategy={verticalListSortingStrategy}>
              {order[status].map((id) => {
                const task = byId.get(id);
                return task ? <SortableTaskCard key={id} task={task} actions={actions} /> : null;
              })}
            </SortableContext>
          </Column>
        )),
      )}
      <DragOverlay>{active ? <TaskCard task={active} onView={() => {}} /> : null}</DragOverlay>
    </DndContext>
  );
}

export function TaskBoard({ admin, ...props }: BoardProps) {
  return admin ? <DraggableBoard {...props} /> : <ReadOnlyBoard {...props} />;
}
