export * from './errors';
export * from './request';
export * from './client';
export * from './call';
