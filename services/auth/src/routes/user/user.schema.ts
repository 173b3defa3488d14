import { createUserSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const createUserRequest = z.object({ body: createUserSchema });
