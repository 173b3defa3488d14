import { logoUploadSchema, updateSettingsSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const updateSettingsRequest = z.object({ body: updateSettingsSchema });
export const uploadLogoRequest = z.object({ body: logoUploadSchema });
