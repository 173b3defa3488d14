/** The signed-in user's own account calls: password change and profile picture (reference §7). */
import type { ApiRequest } from '@teamapp/api-client';
import {
  PROFILE_PICTURE_FIELD,
  type ChangePasswordInput,
  type ProfilePictureResponse,
} from '@teamapp/contracts';

export const changePassword = (request: ApiRequest, input: ChangePasswordInput) =>
  request<{ success: true; message: string }>('PUT', '/user/change-password', input);

export function uploadPicture(request: ApiRequest, file: File) {
  const form = new FormData();
  form.append(PROFILE_PICTURE_FIELD, file);
  return request<ProfilePictureResponse>('POST', '/upload/profile-picture', form);
}

export const removePicture = (request: ApiRequest) =>
  request<ProfilePictureResponse>('DELETE', '/upload/profile-picture');
