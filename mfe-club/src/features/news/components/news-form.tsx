/**
 * The admin's news dialog (reference §5 News): title and content required (not blank), an optional
 * image URL that is trimmed, checked (http or https only) and previewed, Pin this post, and on a
 * new post "Notify everyone" (on by default). An edit sends the fields; the server answers with
 * the post as saved.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { errorText } from '@teamapp/api-client';
import {
  NEWS_CONTENT_MAX,
  NEWS_CREATE_FAILED,
  NEWS_TITLE_MAX,
  NEWS_UPDATE_FAILED,
  safeImageUrl,
  type NewsPost,
} from '@teamapp/contracts';
import { LiveRegion } from '@teamapp/ui';
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

export function NewsForm({ post, onClose, onSaved }: Props) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [imageUrl, setImageUrl] = useState(post?.image_url ?? '');
  const [isPinned, setIsPinned] = useState(post?.is_pinned ?? false);
  const [notify, setNotify] = useState(true);
  const [previewBroken, setPreviewBroken] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveNews();

  const trimmedImage = imageUrl.trim();
  const preview = trimmedImage ? safeImageUrl(trimmedImage) : null;
  const imageInvalid = trimmedImage !== '' && preview === null;
  const canSubmit = title.trim() !== '' && content.trim() !== '' && !imageInvalid;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    const fields = {
      title: title.trim(),
      content: content.trim(),
      imageUrl: trimmedImage,
      isPinned,
    };
    try {
      if (post) {
        await save.mutateAsync({ id: post.id, input: fields });
        onSaved('News post updated.');
      } else {
        await save.mutateAsync({ id: null, input: { ...fields, notify } });
        onSaved(notify ? 'News post published and the team notified.' : 'News post published.');
      }
    } catch (err) {
      setError(errorText(err, post ? NEWS_UPDATE_FAILED : NEWS_CREATE_FAILED));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={post ? 'Edit News Post' : 'Create News Post'}
      centered
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <LiveRegion urgent>{error && <Alert color="red">{error}</Alert>}</LiveRegion>
          <TextInput
            label="Title"
            required
            maxLength={NEWS_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
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
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
          />
          <TextInput
            label="Image URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            description={IMAGE_URL_HINT}
            error={imageInvalid ? IMAGE_URL_INVALID : undefined}
            value={imageUrl}
            onChange={(e) => {
              setImageUrl(e.currentTarget.value);
              setPreviewBroken(false);
            }}
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
                  onError={() => setPreviewBroken(true)}
                />
              )}
            </Stack>
          )}
          <Checkbox
            label="Pin this post"
            checked={isPinned}
            onChange={(e) => setIsPinned(e.currentTarget.checked)}
          />
          {!post && (
            <Checkbox
              label="Notify everyone"
              description="Every other member gets a notification."
              checked={notify}
              onChange={(e) => setNotify(e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={save.isPending}>
              {post ? 'Save Changes' : 'Publish'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
