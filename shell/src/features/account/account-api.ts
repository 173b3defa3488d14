/** The signed-in user's own account calls: password change and profile picture (reference §7). */
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  peopleEndpoints,
  PROFILE_PICTURE_FIELD,
  type ChangePasswordInput,
  type ProfilePictureResponse,
} from '@teamapp/contracts';

export const changePassword = (request: ApiRequest, input: ChangePasswordInput) =>
  call(request, peopleEndpoints.changePassword, { body: input });

/** Multipart, so not through an endpoint: no endpoint's zod body describes a form. */
export function uploadPicture(request: ApiRequest, file: File) {
  const form = new FormData();
  form.append(PROFILE_PICTURE_FIELD, file);
  return request<ProfilePictureResponse>('POST', '/upload/profile-picture', form);
}

export const removePicture = (request: ApiRequest) => call(request, peopleEndpoints.removePicture);
