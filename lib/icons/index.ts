export * from './generated';
export type { IconComponent, IconProps } from './render';
