/**
 * Contracts shared by every service and frontend: payload schemas, inferred types and the
 * product constants of reference §9. A payload is defined here once and parsed on both sides.
 */
export * from './constants';
export * from './endpoint';
export * from './common';
export * from './text';
export * from './teams';
export * from './user';
export * from './auth';
export * from './settings';
export * from './password';
export * from './messages';
export * from './jobs';
export * from './notifications';
export * from './people';
export * from './events';
export * from './family';
export * from './results';
export * from './tasks';
export * from './chat';
export * from './news';
export * from './showcase';
export * from './sessions';
