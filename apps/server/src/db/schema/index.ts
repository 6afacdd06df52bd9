export * from './auth';
export * from './chat';
export * from './customers';
export * from './media';
export * from './reference';
export * from './results';
export * from './trails';
export * from './users';
