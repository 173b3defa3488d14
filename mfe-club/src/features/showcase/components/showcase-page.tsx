/**
 * / in the shell (reference §2 Showcase page): the showcase after navigating to / inside the app,
 * loaded from GET /api/showcase, which needs no token. The page itself is showcase.tsx, which the
 * server also renders for a visit to / and the light page hydrates.
 */
import { Alert } from '@mantine/core';
import { userMessage } from '@teamapp/api-client';
import { LoadingNotice } from '@teamapp/ui';
import { useShowcase } from '../api/get-showcase';
import { Showcase } from './showcase';

export { COPYRIGHT_YEAR, FIXTURES_ID } from './showcase';
export const NO_DATA = 'No data available';
export const loadFailed = (reason: string) => `Failed to load showcase data: ${reason}`;

export function ShowcasePage() {
  const query = useShowcase();
  if (query.isPending) return <LoadingNotice />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Showcase">
        {loadFailed(userMessage(query.error))}
      </Alert>
    );
  }
  if (!query.data) return <Alert color="gray">{NO_DATA}</Alert>;
  return <Showcase data={query.data} />;
}
