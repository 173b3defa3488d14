/** Exposed as `./ClubDevelopmentPage`: /club-development, rendered by the shell. */
export { ClubDevelopmentPage as default } from '../features/club-development/components/club-development-page';
