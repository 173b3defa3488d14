/**
 * The signed-in app shell: a skip link, the fixed header (toggle, title, team picker, bell, name
 * and role, Logout; below 576 px the picker, like the name and role, moves to the top of the
 * sidebar), the sidebar (250 px, collapsed by default, forced collapsed at or below 768 px, an
 * overlay on mobile) and the page's one <main>, where routes render (<Outlet />). The header's
 * text, icons and focus rings take white or black, whichever reads on the chosen header colour.
 */
import { useEffect, type CSSProperties } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Box, Burger, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '@teamapp/contracts';
import {
  MainContent,
  SkipLink,
  readableTextColour,
  roleLabel,
  useBranding,
  useFallbackPageTitle,
  useSession,
  UserAvatar,
} from '@teamapp/ui';
import { isGuardian, navigationFor, useCoaches } from './navigation';
import { NotificationBell } from './notification-bell';
import { TeamPicker } from './team-picker';
import { useFreshSession } from './fresh-session';

const HEADER_HEIGHT = 60;

function LogoBackdrop() {
  const { logoUrl, logoBackground } = useBranding();
  if (!logoUrl) return null;
  return (
    <Box
      aria-hidden="true"
      data-testid="logo-backdrop"
      style={{
        position: 'fixed',
        inset: `${HEADER_HEIGHT}px 0 0 0`,
        zIndex: 0,
        pointerEvents: 'none',
        opacity: 0.08,
        backgroundColor: logoBackground === 'transparent' ? undefined : logoBackground,
        backgroundImage: `url("${logoUrl}")`,
        backgroundRepeat: 'no-repeat',
        backgroundPosition: 'center',
        backgroundSize: 'min(60vw, 480px) auto',
      }}
    />
  );
}

export function AppLayout() {
  const { user, logout } = useSession();
  const { appTitle, headerColor } = useBranding();
  const navigate = useNavigate();
  const location = useLocation();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`) ?? false;
  // Below Mantine's xs breakpoint (576 px) the header has room for its buttons only.
  const isPhone = useMediaQuery('(max-width: 35.99em)') ?? false;
  const [open, { toggle, close }] = useDisclosure(false);
  const reduceMotion = useReducedMotion();
  const coach = useCoaches();
  useFreshSession();
  const navItems = user
    ? navigationFor({ role: user.role, coach, guardian: isGuardian(user) })
    : [];
  // Until the page names itself (a remote loading or unavailable), its menu entry names it.
  useFallbackPageTitle(navItems.find((item) => item.to === location.pathname)?.label ?? null);

  // Forced collapsed at or below the breakpoint.
  useEffect(() => {
    if (isMobile) close();
  }, [isMobile, close]);

  // On mobile the overlay sidebar closes after navigating.
  useEffect(() => {
    if (isMobile) close();
  }, [location.pathname, isMobile, close]);

  useEffect(() => {
    if (!open || !isMobile) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, isMobile, close]);

  if (!user) return null;
  const textColor = readableTextColour(headerColor);
  const transition = (value: string) => (reduceMotion ? 'none' : value);

  const sidebarStyle: CSSProperties = {
    position: 'fixed',
    top: HEADER_HEIGHT,
    bottom: 0,
    left: 0,
    width: SIDEBAR_WIDTH_PX,
    maxWidth: '85vw',
    zIndex: 150,
    overflowY: 'auto',
    background: 'var(--mantine-color-body)',
    borderRight: '1px solid var(--mantine-color-gray-3)',
    transform: open ? 'translateX(0)' : 'translateX(-100%)',
    visibility: open ? 'visible' : 'hidden',
    transition: transition('transform 150ms ease, visibility 150ms'),
  };

  return (
    <Box mih="100vh" bg="gray.0">
      <SkipLink />
      <Box
        component="header"
        style={{
          // Focus rings in the header take its text colour, so they show on any header colour.
          ['--mantine-primary-color-filled' as string]: textColor,
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          height: HEADER_HEIGHT,
          zIndex: 200,
          background: headerColor,
          color: textColor,
        }}
        px="sm"
      >
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={open}
              onClick={toggle}
              color={textColor}
              // Mantine's own reduced-motion rule misses the burger's ::before/::after lines.
              transitionDuration={reduceMotion ? 0 : undefined}
              size="sm"
              aria-label="Toggle navigation"
              aria-expanded={open}
              aria-controls="main-navigation"
            />
            <Text component="span" fw={700} size="lg" truncate="end" data-testid="app-title">
              {appTitle}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {!isPhone && <TeamPicker inHeader />}
            <NotificationBell color={textColor} />
            <UserAvatar name={user.name} picture={user.profile_picture} testId="header-avatar" />
            <Stack gap={0} visibleFrom="xs" style={{ textAlign: 'right', lineHeight: 1.2 }}>
              <Text size="sm" fw={600} data-testid="current-user-name">
                {user.name}
              </Text>
              <Text size="xs" data-testid="current-user-role">
                {roleLabel(user.role)}
              </Text>
            </Stack>
            <Button
              variant="white"
              size="xs"
              color="dark"
              onClick={async () => {
                await logout();
                navigate('/login', { replace: true });
              }}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </Box>

      {open && isMobile && (
        <UnstyledButton
          aria-label="Close navigation"
          tabIndex={-1}
          onClick={close}
          data-testid="sidebar-overlay"
          style={{
            position: 'fixed',
            inset: `${HEADER_HEIGHT}px 0 0 0`,
            zIndex: 140,
            background: 'rgba(0, 0, 0, 0.45)',
          }}
        />
      )}

      <nav id="main-navigation" aria-label="Main navigation" style={sidebarStyle}>
        <Stack gap={2} p="sm">
          <Stack gap={0} hiddenFrom="xs" px={12} pb="xs">
            <Text size="sm" fw={600}>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {roleLabel(user.role)}
            </Text>
          </Stack>
          {isPhone && (
            <Box px={12} pb="xs">
              <TeamPicker inHeader={false} />
            </Box>
          )}
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className="teamapp-nav-link"
              style={({ isActive }) => ({
                display: 'block',
                padding: '10px 12px',
                borderRadius: 6,
                textDecoration: 'none',
                fontWeight: isActive ? 700 : 500,
                color: isActive ? 'var(--mantine-color-blue-9)' : 'var(--mantine-color-text)',
                background: isActive ? 'var(--mantine-color-blue-0)' : undefined,
              })}
            >
              {item.label}
            </NavLink>
          ))}
        </Stack>
      </nav>

      <LogoBackdrop />

      <MainContent
        style={{
          position: 'relative',
          zIndex: 1,
          paddingTop: HEADER_HEIGHT,
          marginLeft: open && !isMobile ? SIDEBAR_WIDTH_PX : 0,
          transition: transition('margin-left 150ms ease'),
          // Focus lands here from the skip link; the ring would frame the whole page.
          outline: 'none',
        }}
      >
        <Box p={{ base: 'sm', sm: 'lg' }} maw={1200} mx="auto">
          <Outlet />
        </Box>
      </MainContent>
    </Box>
  );
}
