/** Month-end snapshots and performance history (domain.md §9): pure month arithmetic, cash split and aggregates. */
export * from './months';
export * from './flows';
export * from './aggregate';
