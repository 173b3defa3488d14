/**
 * People (reference §3, §5, §7, §8): invitations, profile edits, password change and profile pictures.
 * The temporary-password rules live here so the invite dialog and the server agree on them.
 */
import { z } from 'zod';
import { PROFILE_PICTURE_MAX_BYTES, TEMP_PASSWORD_LENGTH } from './constants';
import {
  emailField,
  messageAnswerSchema,
  okAnswerSchema,
  requiredText,
  uuidParamSchema,
  limitedText,
  hasAnyField,
} from './common';
import { endpoint } from './endpoint';
import { isStrongPassword } from './password';
import { roleSchema, userAnswerSchema, userSchema } from './user';

/** Letters and digits without look-alikes (0/O/o, 1/l/I). */
export const TEMP_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** An 8-character temporary password from a cryptographic source (browser and Node alike). */
export function generateTempPassword(length = TEMP_PASSWORD_LENGTH): string {
  const alphabet = TEMP_PASSWORD_ALPHABET;
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

const TEMP_PASSWORD_RULE = new RegExp(`^[${TEMP_PASSWORD_ALPHABET}]{${TEMP_PASSWORD_LENGTH}}$`);

export const INVITATION_SENT =
  'Invitation sent successfully! The user will receive login credentials via email.';
/** How long a temporary password works. */
export const TEMP_PASSWORD_TTL_DAYS = 7;

/** POST /email/send-invitation (reference §3 "Invitation payload"). */
export const sendInvitationSchema = z.object({
  email: emailField(),
  firstName: requiredText('firstName', 60),
  lastName: requiredText('lastName', 60),
  role: roleSchema.default('player'),
  /** The dialog's generated password; the server makes one when it is left out. */
  tempPassword: z
    .string({ error: 'tempPassword must be text' })
    .regex(TEMP_PASSWORD_RULE, {
      error: `tempPassword must be ${TEMP_PASSWORD_LENGTH} letters and digits without look-alike characters`,
    })
    .optional(),
  /** The app title the admin saw; the mail carries the club's current title. */
  teamName: z.string({ error: 'teamName must be text' }).trim().max(100).optional(),
  /**
   * The team the new member joins as a player (teams.ts): required of a coach (one of their
   * teams); a club admin may leave it out (with one team in the club, they join it).
   */
  teamId: z.uuid({ error: 'teamId must be a valid identifier' }).optional(),
});
export type SendInvitationInput = z.input<typeof sendInvitationSchema>;

export const invitationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: userSchema,
});

export const INVITATION_ALREADY_ACCEPTED =
  'This user has already chosen a password; there is no invitation to resend.';
export const INVITATION_RESENT = 'A new invitation with a new temporary password has been sent.';

/** A text field a profile may clear: trimmed, and blank becomes null. */
function optionalText(field: string, max: number) {
  return limitedText(field, max)
    .nullable()
    .transform((v) => (v ? v : null))
    .optional();
}

const contactFields = {
  phone: optionalText('phone', 40),
  bio: optionalText('bio', 1000),
  nickname: optionalText('nickname', 60),
};

/** The fields a player may change on their own card (reference §5 "Player form"). */
export const SELF_EDITABLE_FIELDS = ['phone', 'bio', 'nickname'] as const;
export const SELF_EDIT_FORBIDDEN =
  'You can change only your phone, bio and nickname. Contact an admin for anything else.';

/** PUT /user/profile: the caller's own phone, bio and nickname. */
export const updateOwnProfileSchema = z
  .object(contactFields)
  .strict()
  .refine(hasAnyField, { error: 'Provide at least one of phone, bio or nickname' });
export type UpdateOwnProfileInput = z.input<typeof updateOwnProfileSchema>;

/** PUT /user/profile/{id}: everything an admin may change on anyone's card. */
export const updateProfileSchema = z
  .object({
    name: requiredText('name', 120).optional(),
    email: emailField().optional(),
    position: optionalText('position', 60),
    coach_notes: optionalText('coach_notes', 2000),
    role: roleSchema.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    ...contactFields,
  })
  .strict()
  .refine(hasAnyField, { error: 'Provide at least one field to change' });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const CANNOT_DEMOTE_SELF = 'You cannot remove your own administrator role.';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account.';
export const LAST_ADMIN = 'The last administrator cannot be removed, deactivated or demoted.';

/** Password change on the profile (reference §5 "Password change"). */
export const PASSWORD_FIELDS_REQUIRED = 'Please fill in all password fields.';
export const NEW_PASSWORD_WEAK = 'New password does not meet the requirements.';
export const NEW_PASSWORDS_DIFFER = 'New passwords do not match.';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';
export const NEW_PASSWORD_SAME = 'New password must be different from the current one.';
export const PASSWORD_CHANGED = 'Password changed successfully!';

const requiredPassword = z
  .string({ error: PASSWORD_FIELDS_REQUIRED })
  .min(1, { error: PASSWORD_FIELDS_REQUIRED })
  .max(200, { error: 'passwords must be at most 200 characters' });

export const changePasswordSchema = z
  .object({
    currentPassword: requiredPassword,
    newPassword: requiredPassword.refine(isStrongPassword, { error: NEW_PASSWORD_WEAK }),
    /** Optional for the server; when sent it must match. */
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    error: NEW_PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Profile pictures (reference §5, §8, §9). */
export const PROFILE_PICTURE_FIELD = 'profilePicture';
export const PICTURE_INVALID_TYPE = 'Please select a valid image file (JPEG, PNG, or WebP).';
export const PICTURE_TOO_LARGE = 'Image must be smaller than 5MB.';
export const PICTURE_UPDATED = 'Profile picture updated successfully!';
export const PICTURE_REMOVED = 'Profile picture removed successfully!';
export const PICTURE_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES;
/** The square sizes stored; profile_picture names the first, the small one ends in -128.webp. */
export const PICTURE_SIZES = [512, 128] as const;

/** The public path of the picture in another stored size. */
export const pictureOfSize = (path: string, size: (typeof PICTURE_SIZES)[number]) =>
  path.replace(/-\d+\.webp$/, `-${size}.webp`);

export const profilePictureResponseSchema = z.object({
  success: z.literal(true),
  profilePicture: z.string().nullable(),
  message: z.string(),
});
export type ProfilePictureResponse = z.infer<typeof profilePictureResponseSchema>;

/**
 * Invitations, profile edits, removal, the password change and the picture's removal (reference
 * §7 user, email, upload). The picture's upload is multipart: its answer is
 * `profilePictureResponseSchema`, its body a form no schema here describes.
 */
export const peopleEndpoints = {
  invite: endpoint({
    method: 'POST',
    path: '/email/send-invitation',
    body: sendInvitationSchema,
    answer: invitationResponseSchema,
    status: 201,
    summary: 'Invite someone: the account and a mail with a temporary password',
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/user/:id/resend-invitation',
    params: uuidParamSchema,
    answer: invitationResponseSchema,
    summary: 'Mail an open invitation again with a new temporary password',
  }),
  updateOwnProfile: endpoint({
    method: 'PUT',
    path: '/user/profile',
    body: updateOwnProfileSchema,
    answer: userAnswerSchema,
    summary: 'Change the own phone, bio and nickname',
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/user/profile/:id',
    params: uuidParamSchema,
    body: updateProfileSchema,
    answer: userAnswerSchema,
    summary: "Change anyone's card",
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/user/change-password',
    body: changePasswordSchema,
    answer: messageAnswerSchema,
    summary: 'Change the own password',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/user/:id',
    params: uuidParamSchema,
    answer: okAnswerSchema,
    summary: 'Remove an account',
  }),
  removePicture: endpoint({
    method: 'DELETE',
    path: '/upload/profile-picture',
    answer: profilePictureResponseSchema,
    summary: 'Remove the own profile picture',
  }),
};
