import { sendInvitationSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const sendInvitationRequest = z.object({ body: sendInvitationSchema });
