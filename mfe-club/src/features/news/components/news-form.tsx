/**
 * The admin's news dialog (reference §5 News): title and content required (not blank), an optional
 * image URL that is trimmed, checked (http or https only) and previewed, Pin this post, and on a
 * new post "Notify everyone" (on by default). An edit sends the fields; the server answers with
 * the post as saved. Built with useApiForm on the contract's news schema: Publish / Save Changes
 * stays disabled while the schema refuses the fields.
 *
 * Teams (docs/reference.md "Teams"): a new post belongs to the club or to one team. With several
 * teams a "Team" picker shows: a club admin picks "Club-wide" or any team, a coach one of the
 * teams they coach (never club-wide). A coach's post always names their team, picker or not.
 * The team is chosen when the post is made; an edit keeps it.
 */
import { useState } from 'react';
import { Checkbox, Image, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  NEWS_CONTENT_MAX,
  NEWS_CREATE_FAILED,
  NEWS_IMAGE_URL_MAX,
  NEWS_TITLE_MAX,
  NEWS_UPDATE_FAILED,
  newsInputSchema,
  safeImageUrl,
  type NewsPost,
} from '@teamapp/contracts';
import {
  ApiFormStack,
  FormActions,
  requestSchema,
  TeamPicker,
  useApiForm,
  useTeamPick,
} from '@teamapp/ui';
import { useSaveNews } from '../api/news-api';

export const IMAGE_URL_HINT = 'Optional. An http or https address of a picture.';
export const IMAGE_URL_INVALID = 'Enter an address that starts with http:// or https://.';

interface Props {
  /** The post to edit, or null for a new one. */
  post: NewsPost | null;
  onClose: () => void;
  /** After the server saved it: a message to announce. */
  onSaved: (message: string) => void;
}

interface NewsFormValues {
  title: string;
  content: string;
  imageUrl: string;
  isPinned: boolean;
  notify: boolean;
  /** The new post's team; '' for club-wide. */
  teamId: string;
}

export function NewsForm({ post, onClose, onSaved }: Props) {
  /** The address whose picture failed to load (its preview says so). */
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const save = useSaveNews();
  // A club admin may post for the club or any team; a coach for the teams they coach only.
  const pick = useTeamPick();
  const fields = (values: NewsFormValues) => ({
    title: values.title.trim(),
    content: values.content.trim(),
    imageUrl: values.imageUrl.trim(),
    isPinned: values.isPinned,
  });
  // A club-wide post sends no teamId at all (the request of a club with one team is unchanged).
  const newPost = (values: NewsFormValues) => ({
    ...fields(values),
    notify: values.notify,
    ...(values.teamId ? { teamId: values.teamId } : {}),
  });
  const api = useApiForm<NewsFormValues, unknown>({
    initialValues: {
      title: post?.title ?? '',
      content: post?.content ?? '',
      imageUrl: post?.image_url ?? '',
      isPinned: post?.is_pinned ?? false,
      notify: true,
      teamId: post?.teamId ?? pick.initial,
    },
    schema: requestSchema(newsInputSchema, (values: NewsFormValues) =>
      post ? fields(values) : newPost(values),
    ),
    submit: async (_data, values) => {
      if (post) await save.mutateAsync({ id: post.id, input: fields(values) });
      else await save.mutateAsync({ id: null, input: newPost(values) });
    },
    errorMessage: (err) => errorText(err, post ? NEWS_UPDATE_FAILED : NEWS_CREATE_FAILED),
    onSuccess: (_result, values) =>
      onSaved(
        post
          ? 'News post updated.'
          : values.notify
            ? 'News post published and the team notified.'
            : 'News post published.',
      ),
  });
  const { form } = api;

  const trimmedImage = form.values.imageUrl.trim();
  const preview = trimmedImage ? safeImageUrl(trimmedImage) : null;
  const imageInvalid = trimmedImage !== '' && preview === null;
  const previewBroken = preview !== null && brokenImage === preview;
  const pickedTeam = pick.shown ? pick.teams.find((t) => t.id === form.values.teamId) : undefined;

  return (
    <Modal
      opened
      onClose={onClose}
      title={post ? 'Edit News Post' : 'Create News Post'}
      centered
      size="lg"
    >
      <ApiFormStack api={api}>
        <TextInput
          label="Title"
          required
          maxLength={NEWS_TITLE_MAX}
          {...form.getInputProps('title')}
          data-autofocus
        />
        <Textarea
          label="Content"
          required
          description="Plain text; line breaks are kept."
          autosize
          minRows={4}
          maxRows={14}
          maxLength={NEWS_CONTENT_MAX}
          {...form.getInputProps('content')}
        />
        <TextInput
          label="Image URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          description={IMAGE_URL_HINT}
          maxLength={NEWS_IMAGE_URL_MAX}
          {...form.getInputProps('imageUrl')}
          // Said while typing, not only on Publish (the button waits for a valid address).
          error={imageInvalid ? IMAGE_URL_INVALID : form.errors.imageUrl}
        />
        {preview && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Image preview
            </Text>
            {previewBroken ? (
              <Text size="sm" c="red.9">
                The picture at this address could not be loaded.
              </Text>
            ) : (
              <Image
                src={preview}
                alt="Preview of the post's image"
                radius="sm"
                mah={200}
                fit="contain"
                referrerPolicy="no-referrer"
                onError={() => setBrokenImage(preview)}
              />
            )}
          </Stack>
        )}
        {!post && pick.shown && <TeamPicker pick={pick} {...form.getInputProps('teamId')} />}
        <Checkbox label="Pin this post" {...form.getInputProps('isPinned', { type: 'checkbox' })} />
        {!post && (
          <Checkbox
            label="Notify everyone"
            description={
              pickedTeam
                ? `Every other member of ${pickedTeam.name} gets a notification.`
                : 'Every other member gets a notification.'
            }
            {...form.getInputProps('notify', { type: 'checkbox' })}
          />
        )}
        <FormActions
          mt="sm"
          onCancel={onClose}
          disabled={!form.isValid()}
          loading={api.pending}
          submit={post ? 'Save Changes' : 'Publish'}
        />
      </ApiFormStack>
    </Modal>
  );
}
