/** Exposed as `./DashboardCards`: the schedule's cards on the shell's /dashboard (its manifest's widget). */
export { ScheduleCards as default } from '../features/schedule/dashboard/schedule-cards';
