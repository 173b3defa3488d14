/**
 * The showcase page's only script: hydrates the server's HTML of showcase.tsx with the data the
 * server rendered it from, then reads GET /api/showcase (no token) once, so a page kept open or
 * restored from the browser's cache shows the current figures. React alone: no shell, router,
 * query client or UI library.
 */
import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ShowcaseData } from '@teamapp/contracts';
import { Showcase } from '../components/showcase';
import { SHOWCASE_DATA_ATTRIBUTE, SHOWCASE_ROOT_ID } from './page';

function LiveShowcase({ initial }: { initial: ShowcaseData }) {
  const [data, setData] = useState(initial);
  useEffect(() => {
    let live = true;
    fetch('/api/showcase', { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ data?: ShowcaseData }>) : null))
      .then((body) => {
        if (live && body?.data) setData(body.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return <Showcase data={data} />;
}

const container = document.getElementById(SHOWCASE_ROOT_ID);
const json = container?.getAttribute(SHOWCASE_DATA_ATTRIBUTE);
if (container && json) {
  hydrateRoot(container, <LiveShowcase initial={JSON.parse(json) as ShowcaseData} />);
}
