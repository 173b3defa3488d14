import { showcaseEditableSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const saveShowcaseRequest = z.object({ body: showcaseEditableSchema });
