/**
 * /family's calls (docs/reference.md "Families"): the guardian's children with their teams and
 * next events (GET /family, @teamapp/ui's shared `familyQuery`, which the header's team picker
 * reads too), and the child's answer (the schedule's RSVP with `forUserId`). An absence for a
 * child is the availability form's call with `forUserId` (availability-api.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { familyQuery, useRequest } from '@teamapp/ui';

export function useFamily() {
  const request = useRequest();
  return useQuery(familyQuery(request));
}
