/**
 * The Showcase editor, on /settings for admins: what the public page at / cannot work
 * out from the club's data. The subtitle, the join address, the league position, the Tickets and
 * Shop links, featured items, videos and partners. An item either opens a link in a new tab or
 * shows a dialog with HTML content, which the server cleans with an allow-list when it is saved.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  SHOWCASE_SAVED,
  isSafeLink,
  type ShowcaseAction,
  type ShowcaseEditable,
  type ShowcaseEditableInput,
  type ShowcaseItem,
} from '@teamapp/contracts';
import { errorText } from '@teamapp/api-client';
import { ErrorNotice, LiveRegion, LoadingNotice } from '@teamapp/ui';
import { useSaveShowcase, useShowcaseEditable } from '../api/showcase';

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

/** The first problem the server would also refuse, said in the editor's words. */
export function problemOf(f: EditorForm): string | null {
  const badLink = (url: string) => url.trim() !== '' && !isSafeLink(url.trim());
  if (f.ticketsEnabled && !f.ticketsUrl.trim())
    return 'Enter the Tickets link, or turn Tickets off.';
  if (f.shopEnabled && !f.shopUrl.trim()) return 'Enter the Shop link, or turn Shop off.';
  if (badLink(f.ticketsUrl) || badLink(f.shopUrl)) {
    return 'Links must start with http://, https:// or mailto:.';
  }
  for (const [list, name] of [
    [f.featured, 'featured item'],
    [f.videos, 'video'],
  ] as const) {
    for (const [i, item] of list.entries()) {
      if (!item.title.trim()) return `Give ${name} ${i + 1} a title.`;
      if (item.kind === 'link' && (!item.url.trim() || badLink(item.url))) {
        return `Give ${name} ${i + 1} a link starting with http://, https:// or mailto:.`;
      }
    }
  }
  for (const [i, p] of f.partners.entries()) {
    if (!p.name.trim()) return `Give partner ${i + 1} a name.`;
    if (badLink(p.url))
      return `Partner ${i + 1}'s link must start with http://, https:// or mailto:.`;
  }
  return null;
}

/** The fields of one featured item or video. */
function ItemFields({
  item,
  onChange,
}: {
  item: ItemForm;
  onChange: (patch: Partial<ItemForm>) => void;
}) {
  return (
    <>
      <TextInput
        label="Title"
        required
        value={item.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        maxLength={200}
      />
      <TextInput
        label="Subtitle"
        value={item.subtitle}
        onChange={(e) => onChange({ subtitle: e.currentTarget.value })}
        maxLength={500}
      />
      <TextInput
        label="Category"
        value={item.category}
        onChange={(e) => onChange({ category: e.currentTarget.value })}
        maxLength={100}
      />
      <TextInput
        label="Image URL"
        description="http or https"
        type="url"
        value={item.image}
        onChange={(e) => onChange({ image: e.currentTarget.value })}
      />
      <Radio.Group
        label="When chosen"
        value={item.kind}
        onChange={(kind) => onChange({ kind: kind as ActionKind })}
      >
        <Group gap="md" mt={4}>
          <Radio value="modal" label="Show a dialog" />
          <Radio value="link" label="Open a link in a new tab" />
          <Radio value="none" label="Nothing" />
        </Group>
      </Radio.Group>
      {item.kind === 'link' && (
        <TextInput
          label="Link URL"
          description="http, https or mailto"
          required
          value={item.url}
          onChange={(e) => onChange({ url: e.currentTarget.value })}
        />
      )}
      {item.kind === 'modal' && (
        <>
          <TextInput
            label="Dialog title"
            description="Blank: the item's title"
            value={item.dialogTitle}
            onChange={(e) => onChange({ dialogTitle: e.currentTarget.value })}
          />
          <Textarea
            label="Dialog content (HTML)"
            description="Paragraphs, headings, lists, bold, links and images. Anything else (scripts, frames, event handlers) is removed when saved."
            autosize
            minRows={3}
            value={item.content}
            onChange={(e) => onChange({ content: e.currentTarget.value })}
          />
        </>
      )}
    </>
  );
}

/** The fields of one partner. */
function PartnerFields({
  partner,
  onChange,
}: {
  partner: PartnerForm;
  onChange: (patch: Partial<PartnerForm>) => void;
}) {
  return (
    <>
      <TextInput
        label="Name"
        required
        value={partner.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
      />
      <TextInput
        label="Logo URL"
        value={partner.logo}
        onChange={(e) => onChange({ logo: e.currentTarget.value })}
      />
      <TextInput
        label="Website"
        value={partner.url}
        onChange={(e) => onChange({ url: e.currentTarget.value })}
      />
    </>
  );
}

/**
 * A list the admin adds to and removes from: a fieldset per entry ("Video 2", with a Remove
 * button naming it), "None yet." when empty and an Add button under the list.
 */
function RepeatedFields<T>({
  title,
  hint,
  noun,
  items,
  empty,
  mainFirst = false,
  onChange,
  fields,
}: {
  title: string;
  hint?: string;
  noun: string;
  items: T[];
  empty: T;
  /** The first entry is the main one, and its legend says so. */
  mainFirst?: boolean;
  onChange: (items: T[]) => void;
  fields: (item: T, update: (patch: Partial<T>) => void) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {hint && <Text size="sm">{hint}</Text>}
      {items.length === 0 && <Text size="sm">None yet.</Text>}
      {items.map((item, i) => {
        const legend = `${noun} ${i + 1}${mainFirst && i === 0 ? ' (main)' : ''}`;
        const update = (patch: Partial<T>) =>
          onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
        return (
          <Fieldset key={i} legend={legend}>
            <Stack gap="sm">
              {fields(item, update)}
              <Group>
                <Button
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${legend}`}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Group>
        <Button variant="default" onClick={() => onChange([...items, { ...empty }])}>
          Add {noun.toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}

function ShowcaseForm({ initial }: { initial: ShowcaseEditable }) {
  const [form, setForm] = useState<EditorForm>(() => toForm(initial));
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const save = useSaveShowcase();
  const set = (patch: Partial<EditorForm>) => setForm((f) => ({ ...f, ...patch }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = problemOf(form);
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    save.mutate(toInput(form), {
      onSuccess: () => setMessage({ kind: 'success', text: SHOWCASE_SAVED }),
      onError: (err) =>
        setMessage({ kind: 'error', text: errorText(err, 'Failed to save showcase') }),
    });
  }

  const alert = (kind: 'success' | 'error') =>
    message?.kind === kind && (
      <Alert
        color={kind === 'success' ? 'green' : 'red'}
        withCloseButton
        onClose={() => setMessage(null)}
        closeButtonLabel="Dismiss message"
      >
        {message.text}
      </Alert>
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="showcase-editor-title">
      <Stack gap="md">
        <TextInput
          label="Hero subtitle"
          description="Shown under the club's title at the top of the public page."
          value={form.subtitle}
          onChange={(e) => set({ subtitle: e.currentTarget.value })}
          maxLength={500}
        />
        <TextInput
          label="Join address"
          description="JOIN THE CLUB opens a mail to this address."
          type="email"
          value={form.joinEmail}
          onChange={(e) => set({ joinEmail: e.currentTarget.value })}
        />
        <TextInput
          label="League position"
          description="e.g. 3rd"
          value={form.leaguePosition}
          onChange={(e) => set({ leaguePosition: e.currentTarget.value })}
          maxLength={40}
        />
        <Fieldset legend="Tickets and Shop">
          <Stack gap="sm">
            <Switch
              label="Tickets enabled"
              checked={form.ticketsEnabled}
              onChange={(e) => set({ ticketsEnabled: e.currentTarget.checked })}
            />
            <TextInput
              label="Tickets link"
              value={form.ticketsUrl}
              onChange={(e) => set({ ticketsUrl: e.currentTarget.value })}
            />
            <Switch
              label="Shop enabled"
              checked={form.shopEnabled}
              onChange={(e) => set({ shopEnabled: e.currentTarget.checked })}
            />
            <TextInput
              label="Shop link"
              value={form.shopUrl}
              onChange={(e) => set({ shopUrl: e.currentTarget.value })}
            />
          </Stack>
        </Fieldset>
        <RepeatedFields
          title="Featured"
          hint="The first is the main item; the others sit beside it."
          noun="Featured item"
          mainFirst
          items={form.featured}
          empty={EMPTY_ITEM}
          onChange={(featured) => set({ featured })}
          fields={(item, update) => <ItemFields item={item} onChange={update} />}
        />
        <RepeatedFields
          title="Videos"
          hint="The first is the featured video."
          noun="Video"
          mainFirst
          items={form.videos}
          empty={EMPTY_ITEM}
          onChange={(videos) => set({ videos })}
          fields={(item, update) => <ItemFields item={item} onChange={update} />}
        />
        <RepeatedFields
          title="Partners"
          noun="Partner"
          items={form.partners}
          empty={{ name: '', logo: '', url: '' }}
          onChange={(partners) => set({ partners })}
          fields={(partner, update) => <PartnerFields partner={partner} onChange={update} />}
        />
        <div>
          <LiveRegion>{alert('success')}</LiveRegion>
          <LiveRegion urgent>{alert('error')}</LiveRegion>
        </div>
        <Group>
          <Button type="submit" loading={save.isPending}>
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
