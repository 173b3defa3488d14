/** Exposed as `./PlayersPage`: /players, rendered by the shell inside its router and providers. */
export { PlayersPage as default } from '../features/players/components/players-page';
