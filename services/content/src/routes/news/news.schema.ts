import { newsInputSchema, newsUpdateSchema, uuidParamSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const createNewsRequest = z.object({ body: newsInputSchema });

export const updateNewsRequest = z.object({ params: uuidParamSchema, body: newsUpdateSchema });

export const deleteNewsRequest = z.object({ params: uuidParamSchema });
