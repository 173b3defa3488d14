export { createUserSchema } from '@teamapp/contracts';
