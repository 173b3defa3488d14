import { sessionIdParamSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const sessionIdRequest = z.object({ params: sessionIdParamSchema });
