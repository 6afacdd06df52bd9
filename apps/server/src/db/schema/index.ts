export * from './auth';
export * from './customers';
export * from './media';
export * from './ratings';
export * from './reference';
export * from './results';
export * from './trails';
export * from './users';
