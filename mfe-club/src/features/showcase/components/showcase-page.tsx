/**
 * / (reference §2 Showcase page): the club's public landing page, open to signed-out visitors. A hero
 * with the title, subtitle, stats, LOGIN and JOIN THE CLUB; navigation (Fixtures scrolls, Tickets
 * and Shop greyed out unless enabled); featured items; the Men's Team record; latest news;
 * upcoming fixtures with TICKETS or INFO; top performers; videos; partners; the footer. Every
 * figure comes from GET /api/showcase, which needs no token.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { ShowcaseAction, ShowcaseData, ShowcaseItem } from '@teamapp/contracts';
import { userMessage } from '@teamapp/api-client';
import { LoadingNotice, TableScroll } from '@teamapp/ui';
import { useShowcase } from '../api/get-showcase';
import { ActionButton, ActionModal } from './showcase-action';

export const NO_DATA = 'No data available';
export const loadFailed = (reason: string) => `Failed to load showcase data: ${reason}`;
export const COPYRIGHT_YEAR = 2025;
export const FIXTURES_ID = 'fixtures';

const newsDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

type Open = (action: ShowcaseAction) => void;

function ItemCard({ item, open, cta }: { item: ShowcaseItem; open: Open; cta: string }) {
  return (
    <Card withBorder component="article" aria-label={item.title} h="100%">
      {item.image && (
        <Card.Section>
          <Image src={item.image} alt="" h={160} fit="cover" />
        </Card.Section>
      )}
      <Stack gap={6} mt={item.image ? 'sm' : 0}>
        {item.category && (
          <Badge variant="light" w="fit-content">
            {item.category}
          </Badge>
        )}
        <Title order={3} size="h4">
          {item.title}
        </Title>
        {item.subtitle && <Text size="sm">{item.subtitle}</Text>}
        <ActionButton
          action={item.action}
          label={cta}
          about={item.title}
          onOpen={open}
          variant="light"
          w="fit-content"
        />
      </Stack>
    </Card>
  );
}

function Hero({ data }: { data: ShowcaseData }) {
  const { hero, joinEmail } = data;
  return (
    <Paper component="header" p={{ base: 'lg', sm: 'xl' }} radius="md" bg="blue.9" c="white">
      <Stack gap="md">
        <Title order={1}>{hero.title}</Title>
        {hero.subtitle && <Text size="lg">{hero.subtitle}</Text>}
        <Group
          gap="xl"
          component="ul"
          aria-label="Club figures"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {hero.stats.map((stat) => (
            <Stack key={stat.label} gap={0} component="li">
              <Text fz={28} fw={700} lh={1.1}>
                {stat.value}
              </Text>
              <Text size="sm">{stat.label}</Text>
            </Stack>
          ))}
        </Group>
        <Group gap="sm">
          <Button component={Link} to="/login" variant="white" color="blue.9">
            LOGIN
          </Button>
          {joinEmail ? (
            <Button component="a" href={`mailto:${joinEmail}`} variant="outline" color="white">
              JOIN THE CLUB
            </Button>
          ) : (
            <Button disabled>JOIN THE CLUB</Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function ShowcaseNav({ data, open }: { data: ShowcaseData; open: Open }) {
  const { tickets, shop } = data.navigation;
  const toFixtures = () => {
    const section = document.getElementById(FIXTURES_ID);
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };
  const navItem = (label: string, link: typeof tickets) =>
    link.enabled && link.action ? (
      <ActionButton action={link.action} label={label} onOpen={open} variant="subtle" />
    ) : (
      <Button variant="subtle" disabled>
        {label}
      </Button>
    );
  return (
    <Group component="nav" aria-label="Showcase" gap="xs">
      <Button variant="subtle" onClick={toFixtures}>
        Fixtures
      </Button>
      {navItem('Tickets', tickets)}
      {navItem('Shop', shop)}
    </Group>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = `showcase-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Box component="section" id={id} aria-labelledby={headingId} style={{ scrollMarginTop: 16 }}>
      <Title order={2} size="h3" mb="sm" id={headingId} tabIndex={-1}>
        {title}
      </Title>
      {children}
    </Box>
  );
}

function Showcase({ data }: { data: ShowcaseData }) {
  const [opened, setOpened] = useState<ShowcaseAction | null>(null);
  const open: Open = setOpened;
  const { featured, teamStats, news, fixtures, players, videos, partners } = data;
  const mens = teamStats.mens;
  return (
    <Stack gap="xl" maw={1100} mx="auto">
      <Hero data={data} />
      <ShowcaseNav data={data} open={open} />

      {(featured.main || featured.side.length > 0) && (
        <Section title="Featured">
          <Grid>
            {featured.main && (
              <Grid.Col span={{ base: 12, sm: featured.side.length ? 8 : 12 }}>
                <ItemCard item={featured.main} open={open} cta="Read more" />
              </Grid.Col>
            )}
            {featured.side.length > 0 && (
              <Grid.Col span={{ base: 12, sm: featured.main ? 4 : 12 }}>
                <Stack gap="md">
                  {featured.side.map((item, i) => (
                    <ItemCard key={`${item.title}-${i}`} item={item} open={open} cta="Read more" />
                  ))}
                </Stack>
              </Grid.Col>
            )}
          </Grid>
        </Section>
      )}

      <Section title="Team Stats">
        <Tabs defaultValue="mens">
          <Tabs.List>
            <Tabs.Tab value="mens">{mens.title}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mens" pt="md">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {[
                ['Record', mens.record, 'Wins-Draws-Losses'],
                ['League Position', mens.position || 'Not set'],
                ['Goal Difference', mens.goalDifference],
              ].map(([label, value, hint]) => (
                <Paper key={label} withBorder p="md">
                  <Text size="sm">{label}</Text>
                  <Text fz={24} fw={700} title={hint}>
                    {value}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          </Tabs.Panel>
        </Tabs>
      </Section>

      <Section title="Latest News">
        {news.length === 0 ? (
          <Text>No news yet</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {news.map((item) => (
              <Card key={item.id} withBorder component="article" aria-label={item.title}>
                {item.image && (
                  <Card.Section>
                    <Image src={item.image} alt="" h={140} fit="cover" />
                  </Card.Section>
                )}
                <Stack gap={6} mt={item.image ? 'sm' : 0}>
                  <Group gap="xs">
                    {item.category && <Badge variant="light">{item.category}</Badge>}
                    <Text size="sm">{newsDate(item.date)}</Text>
                  </Group>
                  <Title order={3} size="h4">
                    {item.title}
                  </Title>
                  <ActionButton
                    action={item.action}
                    label="Read more"
                    about={item.title}
                    onOpen={open}
                    variant="light"
                    w="fit-content"
                  />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Section title="Upcoming Fixtures" id={FIXTURES_ID}>
        {fixtures.length === 0 ? (
          <Text>No upcoming fixtures</Text>
        ) : (
          <Stack gap="sm">
            {fixtures.map((f) => (
              <Card key={f.id} withBorder component="article" aria-label={`vs ${f.opponent}`}>
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {f.date} · {f.time}
                    </Text>
                    <Title order={3} size="h4">
                      vs {f.opponent}
                    </Title>
                    <Text size="sm">
                      {f.location} · {f.competition}
                    </Text>
                  </Stack>
                  <ActionButton
                    action={f.action}
                    label={f.tickets.available ? 'TICKETS' : 'INFO'}
                    about={`vs ${f.opponent}`}
                    onOpen={open}
                    variant={f.tickets.available ? 'filled' : 'light'}
                  />
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Top Performers">
        {players.length === 0 ? (
          <Text>No goals recorded yet</Text>
        ) : (
          <TableScroll minWidth={280} label="Top Performers">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Player</Table.Th>
                  <Table.Th scope="col">Goals</Table.Th>
                  <Table.Th scope="col">Assists</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {players.map((p) => (
                  <Table.Tr key={p.name}>
                    <Table.Th scope="row" fw={500}>
                      {p.name}
                    </Table.Th>
                    <Table.Td>{p.goals}</Table.Td>
                    <Table.Td>{p.assists}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Section>

      {(videos.featured || videos.sidebar.length > 0) && (
        <Section title="Videos">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {[videos.featured, ...videos.sidebar]
              .filter((v): v is ShowcaseItem => v !== null)
              .map((video, i) => (
                <ItemCard key={`${video.title}-${i}`} item={video} open={open} cta="Watch" />
              ))}
          </SimpleGrid>
        </Section>
      )}

      {partners.length > 0 && (
        <Section title="Partners">
          <Group gap="lg">
            {partners.map((partner) => (
              <Stack key={partner.name} gap={4} align="center">
                {partner.logo && <Image src={partner.logo} alt={partner.name} h={48} w="auto" />}
                {partner.action ? (
                  <ActionButton
                    action={partner.action}
                    label={partner.name}
                    onOpen={open}
                    variant="subtle"
                  />
                ) : (
                  !partner.logo && <Text fw={600}>{partner.name}</Text>
                )}
              </Stack>
            ))}
          </Group>
        </Section>
      )}

      <Box
        component="footer"
        py="md"
        style={{ borderTop: '1px solid var(--mantine-color-gray-4)' }}
      >
        <Text size="sm" ta="center">
          © {COPYRIGHT_YEAR} {data.hero.title}. All rights reserved.
        </Text>
      </Box>

      <ActionModal action={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}

export function ShowcasePage() {
  const query = useShowcase();
  if (query.isPending) return <LoadingNotice />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Showcase">
        {loadFailed(userMessage(query.error))}
      </Alert>
    );
  }
  if (!query.data) return <Alert color="gray">{NO_DATA}</Alert>;
  return <Showcase data={query.data} />;
}
