/**
 * Attendance (admins): the events with every member's answer and recorded presence, recording
 * who came, and the CSV report of the filtered list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceEvent, AttendanceInput } from '@teamapp/contracts';
import { membersQuery, useRequest, useSession } from '@teamapp/ui';
import type { TypeFilter } from '../attendance-stats';

export const attendanceQueryKey = ['attendance'] as const;

interface AttendanceAnswer {
  success: true;
  data: AttendanceEvent[];
  timeZone: string;
}

export function useAttendance() {
  const request = useRequest();
  return useQuery({
    queryKey: attendanceQueryKey,
    queryFn: () => request<AttendanceAnswer>('GET', '/attendance'),
  });
}

/** Active members, from the directory every screen shares (['users','all']). */
export function useActivePlayers() {
  const request = useRequest();
  return useQuery({
    ...membersQuery(request),
    select: (users) => users.filter((u) => u.is_active !== false && u.role === 'player').length,
  });
}

export function useRecordAttendance() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, records }: { eventId: string } & AttendanceInput) =>
      request<{ success: true; message: string }>(
        'PUT',
        `/attendance/${encodeURIComponent(eventId)}`,
        { records },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}

const EXPORT_FAILED = 'Failed to export the report';

/**
 * Downloads the CSV of the filtered events. The report needs the bearer token, which a plain
 * link cannot send, so it is fetched and handed to the browser as a file.
 */
export function useExportReport() {
  const { token } = useSession();
  return async (type: TypeFilter) => {
    const query = type === 'all' ? '' : `?type=${encodeURIComponent(type)}`;
    const res = await fetch(`/api/attendance/export.csv${query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) throw new Error(EXPORT_FAILED);
    const name =
      /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ??
      `attendance-${type}.csv`;
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
    return name;
  };
}
