import {
  changePasswordSchema,
  createUserSchema,
  updateOwnProfileSchema,
  updateProfileSchema,
  uuidParamSchema,
} from '@teamapp/contracts';
import { z } from 'zod';

export const createUserRequest = z.object({ body: createUserSchema });
export const updateOwnProfileRequest = z.object({ body: updateOwnProfileSchema });
export const updateProfileRequest = z.object({
  params: uuidParamSchema,
  body: updateProfileSchema,
});
export const userIdRequest = z.object({ params: uuidParamSchema });
export const changePasswordRequest = z.object({ body: changePasswordSchema });
