export { loginRequestSchema } from '@teamapp/contracts';
