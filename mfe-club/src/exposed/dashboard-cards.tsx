/** Exposed as `./DashboardCards`: the players' card on the shell's /dashboard (its manifest's widget). */
export { MembersCard as default } from '../features/players/dashboard/members-card';
