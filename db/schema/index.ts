export * from './auth';
export * from './portfolio';
