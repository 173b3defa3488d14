export { logoUploadSchema, updateSettingsSchema } from '@teamapp/contracts';
