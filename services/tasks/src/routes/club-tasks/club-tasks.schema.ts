import { taskInputSchema, taskUpdateSchema, uuidParamSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const createTaskRequest = z.object({ body: taskInputSchema });

export const updateTaskRequest = z.object({ params: uuidParamSchema, body: taskUpdateSchema });

export const deleteTaskRequest = z.object({ params: uuidParamSchema });
