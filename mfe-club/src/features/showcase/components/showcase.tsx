/**
 * / (reference §2 Showcase page): the club's public landing page, open to signed-out visitors. A
 * hero with the title, subtitle, stats, LOGIN and JOIN THE CLUB; navigation (Fixtures scrolls,
 * Tickets and Shop greyed out unless enabled); featured items; the Men's Team record (with two or
 * more teams in the club, a tab per public team: its record, league position, goal difference,
 * fixtures and top performers); latest news; upcoming fixtures with TICKETS or INFO; top
 * performers; videos; partners; the footer.
 *
 * One component for every place the page shows: the content service renders it to HTML for a
 * visit to / (crawlers and link previews read it), the light page script hydrates that HTML
 * (../client/start.tsx), and the shell shows it after navigating to / (showcase-page.tsx). It is
 * plain React with its own stylesheet, so neither the server nor the light page needs the UI
 * library.
 */
import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type {
  ShowcaseAction,
  ShowcaseData,
  ShowcaseFixture,
  ShowcaseItem,
  ShowcasePerformer,
  ShowcaseTeam,
} from '@teamapp/contracts';
import { ActionButton, ActionModal, buttonClass } from './showcase-action';
import { SHOWCASE_CSS } from './showcase-styles';

export const COPYRIGHT_YEAR = 2025;
export const FIXTURES_ID = 'fixtures';

// In UTC, so the server's HTML and the browser's hydration write the same day.
const newsDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
};

type Open = (action: ShowcaseAction) => void;

function ItemCard({ item, open, cta }: { item: ShowcaseItem; open: Open; cta: string }) {
  return (
    <article className="sc-card" aria-label={item.title}>
      {item.image && <img className="sc-card-image" src={item.image} alt="" />}
      <div className="sc-stack">
        {item.category && <span className="sc-badge">{item.category}</span>}
        <h3>{item.title}</h3>
        {item.subtitle && <p className="sc-small">{item.subtitle}</p>}
        <ActionButton
          action={item.action}
          label={cta}
          about={item.title}
          onOpen={open}
          variant="light"
        />
      </div>
    </article>
  );
}

function Hero({ data }: { data: ShowcaseData }) {
  const { hero, joinEmail } = data;
  return (
    <header className="sc-hero">
      <h1>{hero.title}</h1>
      {hero.subtitle && <p className="sc-subtitle">{hero.subtitle}</p>}
      <ul className="sc-figures" aria-label="Club figures">
        {hero.stats.map((stat) => (
          <li key={stat.label}>
            <div className="sc-figure-value">{stat.value}</div>
            <div className="sc-small">{stat.label}</div>
          </li>
        ))}
      </ul>
      <div className="sc-row">
        <a className="sc-button sc-white" href="/login">
          LOGIN
        </a>
        {joinEmail ? (
          <a className="sc-button sc-outline" href={`mailto:${joinEmail}`}>
            JOIN THE CLUB
          </a>
        ) : (
          <button type="button" className={buttonClass('filled')} disabled>
            JOIN THE CLUB
          </button>
        )}
      </div>
    </header>
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
      <button type="button" className={buttonClass('subtle')} disabled>
        {label}
      </button>
    );
  return (
    <nav className="sc-row" aria-label="Showcase">
      <button type="button" className={buttonClass('subtle')} onClick={toFixtures}>
        Fixtures
      </button>
      {navItem('Tickets', tickets)}
      {navItem('Shop', shop)}
    </nav>
  );
}

function FixtureList({ fixtures, open }: { fixtures: ShowcaseFixture[]; open: Open }) {
  return (
    <div className="sc-stack sc-gap-md">
      {fixtures.map((f) => (
        <article key={f.id} className="sc-card" aria-label={`vs ${f.opponent}`}>
          <div className="sc-row sc-between">
            <div className="sc-stack">
              <p className="sc-small">
                <strong>{`${f.date} · ${f.time}`}</strong>
              </p>
              <h3>{`vs ${f.opponent}`}</h3>
              <p className="sc-small">{`${f.location} · ${f.competition}`}</p>
            </div>
            <ActionButton
              action={f.action}
              label={f.tickets.available ? 'TICKETS' : 'INFO'}
              about={`vs ${f.opponent}`}
              onOpen={open}
              variant={f.tickets.available ? 'filled' : 'light'}
            />
          </div>
        </article>
      ))}
    </div>
  );
}

function PerformersTable({ players, label }: { players: ShowcasePerformer[]; label: string }) {
  return (
    <div className="sc-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="sc-table">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Goals</th>
            <th scope="col">Assists</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.name}>
              <th scope="row">{p.name}</th>
              <td>{p.goals}</td>
              <td>{p.assists}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TeamFigures(props: { record: string; position: string; goalDifference: string }) {
  return (
    <div className="sc-grid sc-grid-3x">
      {[
        ['Record', props.record, 'Wins-Draws-Losses'],
        ['League Position', props.position || 'Not set'],
        ['Goal Difference', props.goalDifference],
      ].map(([label, value, hint]) => (
        <div key={label} className="sc-card">
          <div className="sc-small">{label}</div>
          <div className="sc-stat-value" title={hint}>
            {value}
          </div>
        </div>
      ))}
    </div>
  );
}

/** One team's panel: its name on its colour, its figures, fixtures and top performers. */
function TeamPanel({ team, open }: { team: ShowcaseTeam; open: Open }) {
  return (
    <div className="sc-stack sc-gap-md">
      {/* Team colours carry white text at 4.5:1 or more (TEAM_COLOURS). */}
      <h3 className="sc-team-name" style={{ background: team.colour }}>
        {team.name}
      </h3>
      <TeamFigures
        record={team.record}
        position={team.position}
        goalDifference={team.goalDifference}
      />
      <h3>Fixtures</h3>
      {team.fixtures.length === 0 ? (
        <p>No upcoming fixtures</p>
      ) : (
        <FixtureList fixtures={team.fixtures} open={open} />
      )}
      <h3>Top Performers</h3>
      {team.players.length === 0 ? (
        <p>No goals recorded yet</p>
      ) : (
        <PerformersTable players={team.players} label={`${team.name} Top Performers`} />
      )}
    </div>
  );
}

/**
 * A tab per public team (WAI-ARIA tabs: the arrow keys, Home and End move between the tabs and
 * show the chosen one's panel; Tab goes from the chosen tab into its panel).
 */
function TeamTabs({ teams, open }: { teams: ShowcaseTeam[]; open: Open }) {
  const [chosenId, setChosenId] = useState(teams[0]!.id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = teams.some((t) => t.id === chosenId) ? chosenId : teams[0]!.id;
  const choose = (index: number) => {
    const team = teams[(index + teams.length) % teams.length]!;
    setChosenId(team.id);
    tabs.current[(index + teams.length) % teams.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = teams.findIndex((t) => t.id === chosen);
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: teams.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };
  return (
    <>
      <div className="sc-tablist" role="tablist" aria-label="Teams" onKeyDown={onKeyDown}>
        {teams.map((team, i) => {
          const selected = team.id === chosen;
          return (
            <button
              key={team.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              className="sc-tab"
              role="tab"
              id={`showcase-tab-${team.id}`}
              aria-selected={selected}
              aria-controls={`showcase-panel-${team.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosenId(team.id)}
            >
              {team.name}
            </button>
          );
        })}
      </div>
      {teams.map((team) => (
        <div
          key={team.id}
          className="sc-panel"
          role="tabpanel"
          id={`showcase-panel-${team.id}`}
          aria-labelledby={`showcase-tab-${team.id}`}
          hidden={team.id !== chosen}
          tabIndex={0}
        >
          {team.id === chosen && <TeamPanel team={team} open={open} />}
        </div>
      ))}
    </>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = `showcase-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="sc-section" id={id} aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Showcase({ data }: { data: ShowcaseData }) {
  const [opened, setOpened] = useState<ShowcaseAction | null>(null);
  const open: Open = setOpened;
  const close = useCallback(() => setOpened(null), []);
  const { featured, teamStats, news, fixtures, players, videos, partners } = data;
  const mens = teamStats.mens;
  const teams = data.teams ?? [];
  return (
    <div className="sc-page">
      <style>{SHOWCASE_CSS}</style>
      <Hero data={data} />
      <ShowcaseNav data={data} open={open} />

      {(featured.main || featured.side.length > 0) && (
        <Section title="Featured">
          <div className={`sc-grid${featured.main && featured.side.length ? ' sc-featured' : ''}`}>
            {featured.main && <ItemCard item={featured.main} open={open} cta="Read more" />}
            {featured.side.length > 0 && (
              <div className="sc-stack sc-gap-md">
                {featured.side.map((item, i) => (
                  <ItemCard key={`${item.title}-${i}`} item={item} open={open} cta="Read more" />
                ))}
              </div>
            )}
          </div>
        </Section>
      )}

      <Section title="Team Stats">
        {teams.length > 0 ? (
          <TeamTabs teams={teams} open={open} />
        ) : (
          <>
            <div className="sc-tablist" role="tablist">
              <button
                type="button"
                className="sc-tab"
                role="tab"
                id="showcase-tab-mens"
                aria-selected="true"
                aria-controls="showcase-panel-mens"
              >
                {mens.title}
              </button>
            </div>
            <div
              className="sc-panel"
              role="tabpanel"
              id="showcase-panel-mens"
              aria-labelledby="showcase-tab-mens"
            >
              <TeamFigures
                record={mens.record}
                position={mens.position}
                goalDifference={mens.goalDifference}
              />
            </div>
          </>
        )}
      </Section>

      <Section title="Latest News">
        {news.length === 0 ? (
          <p>No news yet</p>
        ) : (
          <div className="sc-grid sc-grid-3">
            {news.map((item) => (
              <article key={item.id} className="sc-card" aria-label={item.title}>
                {item.image && <img className="sc-card-image" src={item.image} alt="" />}
                <div className="sc-stack">
                  <div className="sc-row">
                    {item.category && <span className="sc-badge">{item.category}</span>}
                    <span className="sc-small">{newsDate(item.date)}</span>
                  </div>
                  <h3>
                    <strong>{item.title}</strong>
                  </h3>
                  <ActionButton
                    action={item.action}
                    label="Read more"
                    about={item.title}
                    onOpen={open}
                    variant="light"
                  />
                </div>
              </article>
            ))}
          </div>
        )}
      </Section>

      <Section title="Upcoming Fixtures" id={FIXTURES_ID}>
        {fixtures.length === 0 ? (
          <p>No upcoming fixtures</p>
        ) : (
          <FixtureList fixtures={fixtures} open={open} />
        )}
      </Section>

      <Section title="Top Performers">
        {players.length === 0 ? (
          <p>No goals recorded yet</p>
        ) : (
          <PerformersTable players={players} label="Top Performers" />
        )}
      </Section>

      {(videos.featured || videos.sidebar.length > 0) && (
        <Section title="Videos">
          <div className="sc-grid sc-grid-3">
            {[videos.featured, ...videos.sidebar]
              .filter((v): v is ShowcaseItem => v !== null)
              .map((video, i) => (
                <ItemCard key={`${video.title}-${i}`} item={video} open={open} cta="Watch" />
              ))}
          </div>
        </Section>
      )}

      {partners.length > 0 && (
        <Section title="Partners">
          <div className="sc-row">
            {partners.map((partner) => (
              <div key={partner.name} className="sc-partner">
                {partner.logo && <img src={partner.logo} alt={partner.name} />}
                {partner.action ? (
                  <ActionButton
                    action={partner.action}
                    label={partner.name}
                    onOpen={open}
                    variant="subtle"
                  />
                ) : (
                  !partner.logo && <strong>{partner.name}</strong>
                )}
              </div>
            ))}
          </div>
        </Section>
      )}

      <footer className="sc-footer">
        <p>{`© ${COPYRIGHT_YEAR} ${data.hero.title}. All rights reserved.`}</p>
      </footer>

      <ActionModal action={opened} onClose={close} />
    </div>
  );
}
