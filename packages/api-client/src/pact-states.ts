/**
 * What the consumer contracts and the providers' state handlers agree on: the ids the provider
 * states create their records with, and the patterns of the dates they answer. A consumer pact
 * names a record by these ids; the provider's state creates it with the same one. No test code
 * runs on import (the consumer kit, pact-kit, re-exports these), so a provider's verification
 * imports it as `@teamapp/api-client/pact-states`.
 */
import { TEAM_COLOURS } from '@teamapp/contracts';

export const STATE_IDS = {
  /** The player the events, tasks and chat states sign in. */
  player: '6c4b5a6f-7e8d-4f9a-9b0c-2d3e4f5a6b7c',
  /** Sam, the player the auth states make (profile edits, invitations, removal). */
  sam: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  /** Nia, the invitee the auth states make. */
  nia: '6b2c3d4e-5f6a-4b7c-9d8e-1f2a3b4c5d6e',
  event: '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  pastEvent: '4a2f3e4d-5c6b-4d7e-9f8a-0b1c2d3e4f5a',
  availabilityEntry: '5b3a4f5e-6d7c-4e8f-8a9b-1c2d3e4f5a6b',
  /** The game the result states make; the tasks states use the same id for their task. */
  game: '7d5c6b7a-8f9e-4a0b-8c1d-3e4f5a6b7c8d',
  task: '7d5c6b7a-8f9e-4a0b-8c1d-3e4f5a6b7c8d',
  room: '8e6d7c8b-9a0f-4b1c-9d2e-4f5a6b7c8d9e',
  message: '9f7e8d9c-0b1a-4c2d-8e3f-5a6b7c8d9e0f',
  olderMessage: '0a8f9e0d-1c2b-4d3e-9f4a-6b7c8d9e0f1a',
  news: '4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b',
  /**
   * The team the team states make ("Under 12s", the first team colour, not public); the player
   * above is in it.
   */
  team: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f',
  /** The public team the showcase's team state makes beside the team above. */
  publicTeam: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
  /**
   * Families: the child (no login, a player of the team above) and their guardian (invited,
   * relation "Mother", named "Pat Young") the auth and events family states make.
   */
  child: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  guardian: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
} as const;

/** The team the team states make, with the id STATE_IDS.team: as the contracts expect it. */
export const STATE_TEAM = {
  name: 'Under 12s',
  colour: TEAM_COLOURS[0],
  public: false,
  archived: false,
} as const;

/** The public team the showcase's team state makes, with the id STATE_IDS.publicTeam. */
export const STATE_PUBLIC_TEAM = {
  name: 'First Team',
  colour: TEAM_COLOURS[2],
  public: true,
  archived: false,
} as const;

/**
 * The device the push states subscribe: a browser's push subscription on a browser's push
 * service, its keys those of a real P-256 pair.
 */
export const PUSH_DEVICE = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/contract-device-1',
  expirationTime: null,
  keys: {
    p256dh:
      'BCQNplaRpzmu3I1P6n2d4vpKtN3yMFSFTH_FfUvUODnPz8ZsYiZXdueuw9PnN7FU1fcuw8fWj7RNrw0CtEWuj38',
    auth: 'rfxXmWP3udJiSZyaq1ppOg',
  },
};

/** An instant as the services answer it (`2026-01-01T00:00:00.000Z`). */
export const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';
/** A calendar date (`2026-01-01`). */
export const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
