/**
 * Attendance (admins, and coaches for their teams): the events with every member's answer and
 * recorded presence, of the header's team or of all, recording who came, and the CSV report of
 * the filtered list. The list and the record go through their
 * endpoints in packages/contracts (`attendanceEndpoints`); the plain fetchers in
 * `attendanceCalls` are what the hooks run and what attendance.pact.test.ts drives. The report is
 * a file, not JSON, and is fetched as one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import { attendanceEndpoints as api, type AttendanceInput } from '@teamapp/contracts';
import { useMemberDirectory, useRead, useRequest, useSession } from '@teamapp/ui';
import type { EventTypeFilter } from '../../shared/filter-buttons';

export const attendanceQueryKey = ['attendance'] as const;

/** The attendance fetchers on a request function. */
export const attendanceCalls = {
  list: (request: ApiRequest, type?: EventTypeFilter, teamId: string | null = null) =>
    call(request, api.list, { query: { type, ...(teamId ? { teamId } : {}) } }),
  record: (request: ApiRequest, eventId: string, records: AttendanceInput['records']) =>
    call(request, api.record, { params: { eventId }, body: { records } }),
};

/** The attendance of `teamId`'s events (null: of every event the member may see). */
export const useAttendance = (teamId: string | null) =>
  useRead([...attendanceQueryKey, teamId ?? 'all'], (request) =>
    attendanceCalls.list(request, undefined, teamId),
  );

/** Active members, from the directory every screen shares (['users','all']). */
export const useActivePlayers = () =>
  useMemberDirectory({
    select: (users) => users.filter((u) => u.is_active !== false && u.role === 'player').length,
  });

export function useRecordAttendance() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, records }: { eventId: string } & AttendanceInput) =>
      attendanceCalls.record(request, eventId, records),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attendanceQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}

const EXPORT_FAILED = 'Failed to export the report';

/**
 * The CSV report of the events of `type` (and of `teamId`'s only, when given): its file name and
 * contents. The report needs the bearer
 * token, which a plain link cannot send, and answers a file, not JSON, so it is fetched as one
 * (`origin` is the server's, '' on the page itself).
 */
export async function fetchReport(
  token: string | null,
  type: EventTypeFilter,
  origin = '',
  teamId: string | null = null,
) {
  const params = new URLSearchParams();
  if (type !== 'all') params.set('type', type);
  if (teamId) params.set('teamId', teamId);
  const query = params.toString() ? `?${params.toString()}` : '';
  const res = await fetch(`${origin}/api/attendance/export.csv${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(EXPORT_FAILED);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ??
    `attendance-${type}.csv`;
  return { name, contentType: res.headers.get('Content-Type'), file: await res.blob() };
}

/** Downloads the CSV of the filtered events, handed to the browser as a file. */
export function useExportReport() {
  const { token } = useSession();
  return async (type: EventTypeFilter, teamId: string | null) => {
    const { name, file } = await fetchReport(token, type, '', teamId);
    const url = URL.createObjectURL(file);
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
