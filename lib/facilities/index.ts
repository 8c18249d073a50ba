export * from './eligibility';
export * from './concentration';
export * from './borrowing-base';
export * from './covenants';
export * from './columns';
