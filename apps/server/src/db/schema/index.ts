export * from './auth';
export * from './customers';
export * from './reference';
export * from './trails';
export * from './users';
