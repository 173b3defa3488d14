/** Exposed as `./AttendancePage`: /attendance, rendered by the shell inside its router and providers. */
export { AttendancePage as default } from '../features/attendance/components/attendance-page';
