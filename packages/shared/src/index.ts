export * from './api/accounts';
export * from './api/errors';
export * from './api/media';
export * from './api/trails';
export * from './constants';
export * from './locales';
export * from './realtime';
export * from './validation';
