/** Exposed as `./SchedulePage`: /schedule, rendered by the shell inside its router and providers. */
export { SchedulePage as default } from '../features/schedule/components/schedule-page';
