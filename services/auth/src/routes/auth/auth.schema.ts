import { loginRequestSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const loginRequest = z.object({ body: loginRequestSchema });
