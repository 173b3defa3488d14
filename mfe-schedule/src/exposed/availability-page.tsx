/** Exposed as `./AvailabilityPage`: /availability, rendered by the shell inside its router and providers. */
export { AvailabilityPage as default } from '../features/availability/components/availability-page';
