/** Exposed as `./ClubPage`: /club, rendered by the shell inside its router and providers. */
export { ClubPage as default } from '../features/club/components/club-page';
