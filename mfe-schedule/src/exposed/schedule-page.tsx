/** Exposed as `./SchedulePage`: /schedule, rendered by the shell inside its router and providers. */
import datesStyles from '@mantine/dates/styles.css';
import { linkStylesheet } from '@teamapp/ui';

// The event form's date fields (@mantine/dates).
void linkStylesheet(datesStyles);

export { SchedulePage as default } from '../features/schedule/components/schedule-page';
