export * from './auth';
export * from './portfolio';
export * from './servicing';
export * from './apps';
export * from './content';
export * from './commerce';
export * from './imports';
export * from './access';
