import type { ComponentProps, ReactNode } from 'react';
import { Label } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

/** A labelled native select in the look of the Input primitive (native: keyboard and screen readers for free). */
export function Select({ id, label, className, children, ...props }: ComponentProps<'select'> & { id: string; label: ReactNode }) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="h-8.5 w-full rounded-md border border-border-strong bg-surface px-2.5 text-sm text-heading focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none"
        {...props}
      >
        {children}
      </select>
    </div>
  );
}

/** A labelled native checkbox. */
export function Checkbox({ id, label, className, ...props }: Omit<ComponentProps<'input'>, 'type'> & { id: string; label: ReactNode }) {
  return (
    <label htmlFor={id} className={cn('flex cursor-pointer items-center gap-2 text-[13px] text-heading', className)}>
      <input id={id} type="checkbox" className="size-4 accent-[#6258e0]" {...props} />
      {label}
    </label>
  );
}
