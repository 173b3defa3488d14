import { availabilityInputSchema, uuidParamSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const createAvailabilityRequest = z.object({ body: availabilityInputSchema });
export const deleteAvailabilityRequest = z.object({ params: uuidParamSchema });
