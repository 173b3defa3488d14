/** Exposed as `./UsersPage`: /users, rendered by the shell inside its router and providers. */
export { UsersPage as default } from '../features/users/components/users-page';
