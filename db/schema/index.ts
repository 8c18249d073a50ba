export * from './auth';
export * from './portfolio';
export * from './servicing';
export * from './commerce';
