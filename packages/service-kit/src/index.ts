/**
 * service-kit: what every TeamApp service is built from. Config, logging, errors, validation,
 * authentication, database, Redis and the Koa app factory live here once.
 */
export * from './config';
export * from './errors';
export * from './logger';
export * from './validate';
export * from './keys';
export * from './auth';
export * from './sessions';
export * from './db';
export * from './redis';
export * from './app';
export * from './run';
export * from './queues';
export * from './delayed-jobs';
export * from './daily-job';
export * from './outbox';
export * from './foundation';
export * from './columns';
export * from './rows';
export * from './unit-of-work';
export * from './metrics';
export * from './openapi';
export * from './request-context';
export * from './read-cache';
export * from './image-content';
export * from './members';
export * from './teams';
export * from './shared-tables';
export * from './secret-keys';
export * from './mail-secrets';
export * from './route';
