export * from './default';
export * from './measures';
export * from './settings';
export * from './notes';
