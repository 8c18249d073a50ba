import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeVariant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info';

const variants: Record<BadgeVariant, string> = {
  primary: 'bg-primary-soft text-primary-strong',
  secondary: 'bg-surface-muted text-[#5d5a68]',
  success: 'bg-success-soft text-success-text',
  danger: 'bg-danger-soft text-danger-text',
  warning: 'bg-warning-soft text-warning-text',
  info: 'bg-info-soft text-info-text',
};

/** A tinted label (status, role, scope). Text/background pairs meet 4.5:1. */
export function Badge({ variant = 'primary', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-sm px-2 py-0.5 text-[13px] leading-5 font-medium',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
