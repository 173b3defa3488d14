/**
 * Who may call each route, written from reference §6 (roles and permissions) and §7 (the calls),
 * apart from the code that enforces it. The authorization matrix checks every route's own
 * declaration (`x-access`, which the service derives from the guards it really runs) against
 * this table, so a route that loses its admin guard, or a new route nobody placed in reference §6,
 * fails there even though its answers would match its (now weaker) declaration.
 *
 * anonymous: no sign-in; member: any signed-in member; owner: a member, on their own things
 * only; coach: a club admin, or a coach of the thing's team (the thing's team decides, so a
 * club-wide thing stays the club admins'); team: a club admin or a member of the thing's team;
 * admin: club admins only; internal: other services, never published by the gateway.
 */
export type Access = 'anonymous' | 'member' | 'owner' | 'coach' | 'team' | 'admin' | 'internal';

export const SPEC_ACCESS: Readonly<Record<string, Access>> = {
  // Sign-in, sign-out and password reset: anyone may ask; the reset routes are rate limited.
  'POST /api/auth/login': 'anonymous',
  'POST /api/auth/logout': 'member',
  // Families: the signed-in member read afresh (their children in care change while signed in).
  'GET /api/auth/me': 'member',
  // Each member's own signed-in devices: the list, signing one out, signing out all others.
  'GET /api/auth/sessions': 'member',
  'POST /api/auth/sessions/revoke-others': 'member',
  'DELETE /api/auth/sessions/{id}': 'owner',
  'POST /api/password-reset/request': 'anonymous',
  'POST /api/password-reset/verify': 'anonymous',
  'POST /api/password-reset/confirm': 'anonymous',
  // "View user list, send email to users": both roles; "Invite, edit and delete users": admin.
  'GET /api/user/team': 'member',
  'GET /api/user/all': 'member',
  'POST /api/user': 'admin',
  'PUT /api/user/profile/{id}': 'admin',
  'POST /api/user/{id}/resend-invitation': 'admin',
  'DELETE /api/user/{id}': 'admin',
  // Families: a club admin or the team's coach adds a player without a login; a club admin or a
  // coach of one of the child's teams manages their guardians (read also by the child's own
  // guardians, which the use case checks); a club admin gives a child a login.
  'POST /api/user/children': 'coach',
  'GET /api/user/{childId}/guardians': 'coach',
  'POST /api/user/{childId}/guardians': 'coach',
  'DELETE /api/user/{childId}/guardians/{guardianId}': 'coach',
  'POST /api/user/{childId}/login': 'admin',
  // A team's coach invites new members into that team; club admins into any team or none.
  'POST /api/email/send-invitation': 'coach',
  // Teams: every member sees the list; club admins create, change and archive them; a roster is
  // seen by the team's members and run by its coaches (players only) and club admins.
  'GET /api/teams': 'member',
  'POST /api/teams': 'admin',
  'PUT /api/teams/{id}': 'admin',
  'DELETE /api/teams/{id}': 'admin',
  'GET /api/teams/{id}/members': 'team',
  'PUT /api/teams/{id}/members/{userId}': 'coach',
  'DELETE /api/teams/{id}/members/{userId}': 'coach',
  // "Edit any player: own card only" and "Own profile picture and password": both roles.
  'PUT /api/user/profile': 'member',
  'PUT /api/user/change-password': 'member',
  'POST /api/upload/profile-picture': 'member',
  'DELETE /api/upload/profile-picture': 'member',
  'GET /uploads/avatars/{file}': 'anonymous',
  // "Create/edit/delete events": a club admin or the coach of the event's team; "RSVP": both;
  // Season Stats: the page shows them to those who run the team, and a player's answer carries
  // only the team record and their own line.
  'GET /api/events': 'member',
  'POST /api/events': 'coach',
  'GET /api/events/conflicts': 'coach',
  'PUT /api/events/{id}': 'coach',
  'DELETE /api/events/{id}': 'coach',
  'PUT /api/events/{id}/result': 'coach',
  'GET /api/events/stats': 'member',
  'POST /api/events/{id}/rsvp': 'member',
  // One-tap answers from mail: the signed link is the member's proof, opened without signing in.
  'GET /api/events/answer/{token}': 'anonymous',
  'POST /api/events/answer/{token}': 'anonymous',
  // "Manage own availability": each member their own entries.
  'GET /api/availability': 'member',
  'POST /api/availability': 'member',
  'DELETE /api/availability/{id}': 'owner',
  // Families: any member asks for their children (none when they have none).
  'GET /api/family': 'member',
  // "Export report (attendance)": a club admin or a team's coach, as is taking attendance.
  'GET /api/attendance': 'coach',
  'GET /api/attendance/export.csv': 'coach',
  'PUT /api/attendance/{eventId}': 'coach',
  // Each member's own calendar feed; the feed itself is read by a calendar app with its token.
  'GET /api/calendar/feed': 'member',
  'POST /api/calendar/feed/regenerate': 'member',
  'GET /api/calendar/{token}.ics': 'anonymous',
  // A team's feed: its members (and club admins) read its address; its coaches make a new one.
  'GET /api/calendar/teams/{teamId}/feed': 'team',
  'POST /api/calendar/teams/{teamId}/feed/regenerate': 'coach',
  // "Tasks: add/edit/delete/status": admin; players view only.
  'GET /api/club-tasks': 'member',
  'POST /api/club-tasks': 'admin',
  'PUT /api/club-tasks/{id}': 'admin',
  'DELETE /api/club-tasks/{id}': 'admin',
  // "Settings": admin; the branding itself is read by every page, signed in or not.
  'GET /api/settings': 'anonymous',
  'PUT /api/settings': 'admin',
  'POST /api/settings/logo': 'admin',
  'DELETE /api/settings/logo': 'admin',
  'POST /api/settings/reset': 'admin',
  'POST /api/settings/queues-ticket': 'admin',
  // The installable app's manifest and icons: a browser reads them before anyone signs in.
  'GET /api/settings/manifest': 'anonymous',
  'GET /api/settings/icons/{file}': 'anonymous',
  // Each member's own notifications.
  'GET /api/notifications': 'member',
  'GET /api/notifications/unread-count': 'member',
  'POST /api/notifications/mark-all-read': 'member',
  'POST /api/notifications/{id}/read': 'owner',
  // Push on each member's own devices and their own preferences (a member removes only their
  // own device's subscription: another's endpoint is not found).
  'GET /api/notifications/push-key': 'member',
  'POST /api/notifications/push-subscriptions': 'member',
  'DELETE /api/notifications/push-subscriptions': 'member',
  'GET /api/notifications/preferences': 'member',
  'PUT /api/notifications/preferences': 'member',
  // One-click unsubscribe from a mail (RFC 8058): the signed token is the member's proof.
  'GET /api/notifications/unsubscribe': 'anonymous',
  'POST /api/notifications/unsubscribe': 'anonymous',
  // "News: create/edit/pin/delete": club admins for club posts, a team's coaches (and club
  // admins) for that team's posts; players read their club's and their teams' posts only.
  'GET /api/news': 'member',
  'POST /api/news': 'coach',
  'PUT /api/news/{id}': 'coach',
  'DELETE /api/news/{id}': 'coach',
  // The public showcase page, edited under Settings.
  'GET /api/showcase': 'anonymous',
  'PUT /api/showcase': 'admin',
  'GET /internal/showcase': 'internal',
  'GET /internal/showcase-page': 'internal',
  // "Chat: create and delete room": admin; "read and send": both, in rooms they belong to. A
  // coach creates rooms for the teams they coach (a club room stays an admin's).
  'POST /api/chat/ticket': 'member',
  'GET /api/chat/live': 'anonymous',
  'GET /api/chat': 'member',
  'POST /api/chat': 'coach',
  'DELETE /api/chat/{id}': 'admin',
  'GET /api/chat/{id}/messages': 'owner',
  'POST /api/chat/{id}/messages': 'owner',
  'PUT /api/chat/{id}/messages/{messageId}': 'owner',
  'POST /api/chat/{id}/read': 'owner',
  // Families: a guardian of one of a room's members reads it and marks it read, but may not send
  // (403); a young player's direct conversation with an adult not their guardian is refused (403).
  // Both are the use cases' checks on the routes above (authz-matrix.test.ts, "Families in chat").
  // The development mail catcher (answers 404 when mail goes over real SMTP).
  'GET /dev/mail': 'anonymous',
  'GET /dev/mail/messages': 'anonymous',
  'GET /dev/mail/messages/{id}': 'anonymous',
};
