import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

const variants: Record<AlertVariant, string> = {
  info: 'bg-info-soft text-info-text',
  success: 'bg-success-soft text-success-text',
  warning: 'bg-warning-soft text-warning-text',
  danger: 'bg-danger-soft text-danger-text',
};

/** A tinted message box. Pass role="alert" for messages that appear after an action. */
export function Alert({ variant = 'info', className, ...props }: HTMLAttributes<HTMLDivElement> & { variant?: AlertVariant }) {
  return (
    <div
      className={cn(
        'flex items-start gap-2 rounded-md px-4 py-3 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
