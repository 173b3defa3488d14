/** Exposed as `./FamilyPage`: /family, rendered by the shell inside its router and providers. */
import datesStyles from '@mantine/dates/styles.css';
import { linkStylesheet } from '@teamapp/ui';

// The Add absence dates (@mantine/dates).
void linkStylesheet(datesStyles);

export { FamilyPage as default } from '../features/family/components/family-page';
