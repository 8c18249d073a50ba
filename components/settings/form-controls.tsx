'use client';

import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { FieldError, Label } from '@/components/ui/input';

/** Ids that tie a control to its label, hint and error (aria-describedby). */
export function useFieldIds() {
  const id = useId();
  return { control: `${id}-control`, hint: `${id}-hint`, error: `${id}-error` };
}

export function describedBy(ids: { hint: string; error: string }, hint: unknown, error: unknown): string | undefined {
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
}

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ids: { control: string; hint: string; error: string };
  className?: string;
  children: ReactNode;
};

/** A labelled control with its hint and its error right below it. */
export function Field({ label, hint, error, ids, className, children }: FieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={ids.control}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={ids.hint} className="mt-1 text-[13px]">
          {hint}
        </p>
      ) : null}
      {error ? (
        <FieldError id={ids.error} data-field-error>
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}

export const selectClasses = cn(
  'h-9.5 w-full cursor-pointer rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading',
  'focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none',
  'aria-invalid:border-danger-text disabled:opacity-70',
);

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(selectClasses, className)} {...props} />;
}

/** An input with a unit after it (%, EUR, days); the unit is part of the accessible description via the label. */
export function InputWithUnit({ unit, className, ...props }: ComponentProps<'input'> & { unit: string }) {
  return (
    <div className="relative">
      <input
        className={cn(
          'h-9.5 w-full rounded-md border border-border-strong bg-surface pr-14 pl-3.5 text-right text-[15px] text-heading tabular-nums transition-[border-color,box-shadow]',
          'focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none',
          'aria-invalid:border-danger-text disabled:bg-surface-muted disabled:opacity-70',
          className,
        )}
        {...props}
      />
      <span
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-[13px] font-medium text-body"
        aria-hidden="true"
      >
        {unit}
      </span>
    </div>
  );
}

export function Checkbox({ label, className, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  return (
    <label className={cn('flex min-h-8 cursor-pointer items-center gap-2 text-[14px] text-heading', className)}>
      <input
        type="checkbox"
        className="size-4 cursor-pointer rounded-sm accent-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        {...props}
      />
      <span>{label}</span>
    </label>
  );
}

/** Moves focus to the first field that shows an error (after React has rendered it). */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  });
}
