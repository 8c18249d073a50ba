import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-9.5 w-full rounded-md border border-border-strong bg-surface px-3.5 text-[15px] text-heading transition-[border-color,box-shadow] placeholder:text-[#8a8894]',
        'focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none',
        'aria-invalid:border-danger-text aria-invalid:focus-visible:shadow-[0_0_0_3px_rgb(200_37_42/0.15)]',
        'disabled:bg-surface-muted disabled:opacity-70',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('mb-1 block text-[13px] font-medium text-heading', className)} {...props} />;
}

/** A field's error text; give it an id and point the input's aria-describedby at it. */
export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1 text-[13px] text-danger-text', className)} {...props} />;
}
