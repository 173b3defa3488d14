/** Exposed as `./AvailabilityPage`: /availability, rendered by the shell inside its router and providers. */
import datesStyles from '@mantine/dates/styles.css';
import { linkStylesheet } from '@teamapp/ui';

// The month view and the Add Availability dates (@mantine/dates).
void linkStylesheet(datesStyles);

export { AvailabilityPage as default } from '../features/availability/components/availability-page';
