/**
 * The Showcase editor, on /settings for admins: what the public page at / cannot work
 * out from the club's data. The subtitle, the join address, the league position (and each public
 * team's, when the public page has a tab per team), the Tickets and
 * Shop links, featured items, videos and partners. An item either opens a link in a new tab or
 * shows a dialog with HTML content, which the server cleans with an allow-list when it is saved.
 * Built with useApiForm: the contract's showcase schema checks the request about to be sent,
 * each problem said under its field in the editor's words.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  SHOWCASE_SAVED,
  showcaseEditableSchema,
  type ShowcaseAction,
  type ShowcaseEditable,
  type ShowcaseEditableInput,
  type ShowcaseItem,
} from '@teamapp/contracts';
import { errorText } from '@teamapp/api-client';
import {
  ErrorNotice,
  LiveRegion,
  LoadingNotice,
  requestSchema,
  useApiForm,
  type FormIssue,
  RadioChoices,
} from '@teamapp/ui';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { useSaveShowcase, useShowcaseEditable, useShowcaseTeams } from '../api/showcase';

type ActionKind = 'none' | 'link' | 'modal';

interface ItemForm {
  title: string;
  subtitle: string;
  category: string;
  image: string;
  kind: ActionKind;
  url: string;
  dialogTitle: string;
  content: string;
}

interface PartnerForm {
  name: string;
  logo: string;
  url: string;
}

interface EditorForm {
  subtitle: string;
  joinEmail: string;
  leaguePosition: string;
  /** Each public team's league position, by team id. */
  teamPositions: Record<string, string>;
  ticketsEnabled: boolean;
  ticketsUrl: string;
  shopEnabled: boolean;
  shopUrl: string;
  featured: ItemForm[];
  videos: ItemForm[];
  partners: PartnerForm[];
}

const EMPTY_ITEM: ItemForm = {
  title: '',
  subtitle: '',
  category: '',
  image: '',
  kind: 'modal',
  url: '',
  dialogTitle: '',
  content: '',
};

/** The two lists of items (the first of each is its main one), in the order the editor shows them. */
const ITEM_LISTS = [
  {
    list: 'featured',
    title: 'Featured',
    hint: 'The first is the main item; the others sit beside it.',
    noun: 'Featured item',
  },
  { list: 'videos', title: 'Videos', hint: 'The first is the featured video.', noun: 'Video' },
] as const;

function itemForm(item: ShowcaseItem): ItemForm {
  const a = item.action;
  return {
    title: item.title,
    subtitle: item.subtitle,
    category: item.category,
    image: item.image,
    kind: a ? a.type : 'none',
    url: a?.type === 'link' ? a.url : '',
    dialogTitle: a?.type === 'modal' ? a.title : '',
    content: a?.type === 'modal' ? a.content : '',
  };
}

const linkUrl = (action: ShowcaseAction | null) => (action?.type === 'link' ? action.url : '');

function toForm(e: ShowcaseEditable): EditorForm {
  return {
    subtitle: e.subtitle,
    joinEmail: e.joinEmail,
    leaguePosition: e.leaguePosition,
    teamPositions: { ...e.teamPositions },
    ticketsEnabled: e.navigation.tickets.enabled,
    ticketsUrl: linkUrl(e.navigation.tickets.action),
    shopEnabled: e.navigation.shop.enabled,
    shopUrl: linkUrl(e.navigation.shop.action),
    featured: [e.featured.main, ...e.featured.side].filter((i) => i !== null).map(itemForm),
    videos: [e.videos.featured, ...e.videos.sidebar].filter((i) => i !== null).map(itemForm),
    partners: e.partners.map((p) => ({ name: p.name, logo: p.logo, url: linkUrl(p.action) })),
  };
}

const link = (url: string) => ({ type: 'link' as const, url: url.trim() });

function itemInput(f: ItemForm) {
  return {
    title: f.title,
    subtitle: f.subtitle,
    category: f.category,
    image: f.image,
    action:
      f.kind === 'none'
        ? null
        : f.kind === 'link'
          ? link(f.url)
          : { type: 'modal' as const, title: f.dialogTitle || f.title, content: f.content },
  };
}

function toInput(f: EditorForm): ShowcaseEditableInput {
  const [main = null, ...side] = f.featured.map(itemInput);
  const [featuredVideo = null, ...sidebar] = f.videos.map(itemInput);
  return {
    subtitle: f.subtitle,
    joinEmail: f.joinEmail,
    leaguePosition: f.leaguePosition,
    // None shown (no team tabs): left out, so the positions stored stay.
    ...(Object.keys(f.teamPositions).length > 0 ? { teamPositions: f.teamPositions } : {}),
    navigation: {
      tickets: {
        enabled: f.ticketsEnabled,
        action: f.ticketsUrl.trim() ? link(f.ticketsUrl) : null,
      },
      shop: { enabled: f.shopEnabled, action: f.shopUrl.trim() ? link(f.shopUrl) : null },
    },
    featured: { main, side },
    videos: { featured: featuredVideo, sidebar },
    partners: f.partners.map((p) => ({
      name: p.name,
      logo: p.logo,
      action: p.url.trim() ? link(p.url) : null,
    })),
  };
}

const ACTION_FIELDS: Record<string, string> = {
  url: 'url',
  title: 'dialogTitle',
  content: 'content',
};

/** A list's entry in the request ("featured.side.0") as the editor's entry ("featured.1"). */
function entryOf(list: string, slot: string, index?: string): string {
  if (list === 'featured') return slot === 'main' ? 'featured.0' : `featured.${Number(index) + 1}`;
  if (list === 'videos') return slot === 'featured' ? 'videos.0' : `videos.${Number(index) + 1}`;
  return `partners.${slot}`;
}

/** The editor's field for a path of the request; "" (the whole form) for a list as a whole. */
export function fieldOfRequest(path: string): string {
  const nav = /^navigation\.(tickets|shop)\.action\./.exec(path);
  if (nav) return `${nav[1]}Url`;
  const entry =
    /^(featured|videos|partners)\.(main|featured|side|sidebar|\d+)(?:\.(\d+))?\.?(.*)$/.exec(path);
  if (!entry) return /^(featured|videos|partners|navigation)/.test(path) ? '' : path;
  const [, list = '', slot = '', index, rest = ''] = entry;
  const within = slot === 'side' || slot === 'sidebar';
  if (within && index === undefined) return '';
  const at = entryOf(list, slot, index);
  const action = /^action\.(\w+)/.exec(rest);
  if (action) return `${at}.${ACTION_FIELDS[action[1] ?? ''] ?? 'url'}`;
  return rest ? `${at}.${rest}` : at;
}

const LINK_SCHEMES_TEXT = 'http://, https:// or mailto:';

/** A problem in the editor's words (reference §5: the first one names the entry and what to do). */
export function describeProblem(issue: FormIssue): string {
  const { path } = issue;
  if (path === 'ticketsUrl' || path === 'shopUrl') {
    return `Links must start with ${LINK_SCHEMES_TEXT}.`;
  }
  const item = /^(featured|videos)\.(\d+)\.(title|url)$/.exec(path);
  if (item && issue.code !== 'too_big') {
    const name = `${item[1] === 'featured' ? 'featured item' : 'video'} ${Number(item[2]) + 1}`;
    return item[3] === 'title'
      ? `Give ${name} a title.`
      : `Give ${name} a link starting with ${LINK_SCHEMES_TEXT}.`;
  }
  const partner = /^partners\.(\d+)\.(name|url)$/.exec(path);
  if (partner && issue.code !== 'too_big') {
    const n = Number(partner[1]) + 1;
    return partner[2] === 'name'
      ? `Give partner ${n} a name.`
      : `Partner ${n}'s link must start with ${LINK_SCHEMES_TEXT}.`;
  }
  return issue.message;
}

/** The editor's own rule: a link that is switched on needs its address. */
function switchedOnNeedsLink(f: EditorForm): FormErrors {
  return {
    ...(f.ticketsEnabled && !f.ticketsUrl.trim()
      ? { ticketsUrl: 'Enter the Tickets link, or turn Tickets off.' }
      : {}),
    ...(f.shopEnabled && !f.shopUrl.trim()
      ? { shopUrl: 'Enter the Shop link, or turn Shop off.' }
      : {}),
  };
}

const editorSchema = requestSchema(showcaseEditableSchema, toInput, fieldOfRequest);

type Form = UseFormReturnType<EditorForm>;

/** The fields of one featured item or video, at `at` ("featured.0") of the form. */
function ItemFields({ form, at }: { form: Form; at: string }) {
  const props = (field: keyof ItemForm) => form.getInputProps(`${at}.${field}`);
  const kind = props('kind').value as ActionKind;
  return (
    <>
      <TextInput label="Title" required {...props('title')} maxLength={200} />
      <TextInput label="Subtitle" {...props('subtitle')} maxLength={500} />
      <TextInput label="Category" {...props('category')} maxLength={100} />
      <TextInput label="Image URL" description="http or https" type="url" {...props('image')} />
      <RadioChoices
        label="When chosen"
        choices={[
          { value: 'modal', label: 'Show a dialog' },
          { value: 'link', label: 'Open a link in a new tab' },
          { value: 'none', label: 'Nothing' },
        ]}
        {...props('kind')}
      />
      {kind === 'link' && (
        <TextInput
          label="Link URL"
          description="http, https or mailto"
          required
          {...props('url')}
        />
      )}
      {kind === 'modal' && (
        <>
          <TextInput
            label="Dialog title"
            description="Blank: the item's title"
            {...props('dialogTitle')}
          />
          <Textarea
            label="Dialog content (HTML)"
            description="Paragraphs, headings, lists, bold, links and images. Anything else (scripts, frames, event handlers) is removed when saved."
            autosize
            minRows={3}
            {...props('content')}
          />
        </>
      )}
    </>
  );
}

/** The fields of one partner, at `at` ("partners.0") of the form. */
function PartnerFields({ form, at }: { form: Form; at: string }) {
  return (
    <>
      <TextInput label="Name" required {...form.getInputProps(`${at}.name`)} />
      <TextInput label="Logo URL" {...form.getInputProps(`${at}.logo`)} />
      <TextInput label="Website" {...form.getInputProps(`${at}.url`)} />
    </>
  );
}

type ListField = 'featured' | 'videos' | 'partners';

/**
 * A list the admin adds to and removes from: a fieldset per entry ("Video 2", with a Remove
 * button naming it), "None yet." when empty and an Add button under the list.
 */
function RepeatedFields({
  form,
  list,
  title,
  hint,
  noun,
  empty,
  mainFirst = false,
  fields,
}: {
  form: Form;
  list: ListField;
  title: string;
  hint?: string;
  noun: string;
  empty: ItemForm | PartnerForm;
  /** The first entry is the main one, and its legend says so. */
  mainFirst?: boolean;
  fields: (at: string) => ReactNode;
}) {
  const items = form.values[list];
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {hint && <Text size="sm">{hint}</Text>}
      {items.length === 0 && <Text size="sm">None yet.</Text>}
      {items.map((_, i) => {
        const legend = `${noun} ${i + 1}${mainFirst && i === 0 ? ' (main)' : ''}`;
        return (
          <Fieldset key={i} legend={legend}>
            <Stack gap="sm">
              {fields(`${list}.${i}`)}
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${legend}`}
                  onClick={() => form.removeListItem(list, i)}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Group>
        <Button variant="default" onClick={() => form.insertListItem(list, { ...empty })}>
          Add {noun.toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}

function ShowcaseForm({ initial }: { initial: ShowcaseEditable }) {
  const [saved, setSaved] = useState(false);
  const save = useSaveShowcase();
  const api = useApiForm({
    initialValues: toForm(initial),
    schema: editorSchema,
    describeIssue: describeProblem,
    validate: switchedOnNeedsLink,
    submit: (_data, values) => save.mutateAsync(toInput(values)),
    errorMessage: (err) => errorText(err, 'Failed to save showcase'),
    onSuccess: () => setSaved(true),
  });
  const { form } = api;
  const teams = useShowcaseTeams().data ?? [];

  function onSubmit(event: FormEvent) {
    setSaved(false);
    api.onSubmit(event);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="showcase-editor-title">
      <Stack gap="md">
        <TextInput
          label="Hero subtitle"
          description="Shown under the club's title at the top of the public page."
          {...form.getInputProps('subtitle')}
          maxLength={500}
        />
        <TextInput
          label="Join address"
          description="JOIN THE CLUB opens a mail to this address."
          type="email"
          {...form.getInputProps('joinEmail')}
        />
        <TextInput
          label="League position"
          description="e.g. 3rd"
          {...form.getInputProps('leaguePosition')}
          maxLength={40}
        />
        {teams.length > 0 && (
          <Fieldset legend="League position per team">
            <Stack gap="sm">
              {teams.map((team) => (
                <TextInput
                  key={team.id}
                  label={`${team.name} league position`}
                  description="Shown on the team's tab, e.g. 2nd"
                  {...form.getInputProps(`teamPositions.${team.id}`)}
                  maxLength={40}
                />
              ))}
            </Stack>
          </Fieldset>
        )}
        <Fieldset legend="Tickets and Shop">
          <Stack gap="sm">
            <Switch
              label="Tickets enabled"
              {...form.getInputProps('ticketsEnabled', { type: 'checkbox' })}
            />
            <TextInput label="Tickets link" {...form.getInputProps('ticketsUrl')} />
            <Switch
              label="Shop enabled"
              {...form.getInputProps('shopEnabled', { type: 'checkbox' })}
            />
            <TextInput label="Shop link" {...form.getInputProps('shopUrl')} />
          </Stack>
        </Fieldset>
        {ITEM_LISTS.map((items) => (
          <RepeatedFields
            key={items.list}
            form={form}
            {...items}
            mainFirst
            empty={EMPTY_ITEM}
            fields={(at) => <ItemFields form={form} at={at} />}
          />
        ))}
        <RepeatedFields
          form={form}
          list="partners"
          title="Partners"
          noun="Partner"
          empty={{ name: '', logo: '', url: '' }}
          fields={(at) => <PartnerFields form={form} at={at} />}
        />
        <div>
          <LiveRegion>
            {saved && (
              <Alert
                color="green"
                withCloseButton
                onClose={() => setSaved(false)}
                closeButtonLabel="Dismiss message"
              >
                {SHOWCASE_SAVED}
              </Alert>
            )}
          </LiveRegion>
          {api.errorRegion({
            withCloseButton: true,
            onClose: () => api.setFormError(null),
            closeButtonLabel: 'Dismiss message',
          })}
        </div>
        <Group>
          <Button type="submit" loading={api.pending}>
            Save Showcase
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Showcase section of /settings (admins only; the page shows it only to them). */
export function ShowcaseEditor() {
  const query = useShowcaseEditable();
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="showcase-editor-title"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="showcase-editor-title">
          Showcase
        </Title>
        <Text size="sm">
          The public page at / fills in the title, stats, fixtures, record, top performers and news
          from the club&apos;s data. Edit the rest here.
        </Text>
        {query.isPending && <LoadingNotice />}
        {query.isError && (
          <ErrorNotice
            message={`Failed to load showcase data: ${errorText(query.error, 'Request failed')}`}
            onRetry={() => void query.refetch()}
          />
        )}
        {query.data && <ShowcaseForm initial={query.data} />}
      </Stack>
    </Paper>
  );
}
