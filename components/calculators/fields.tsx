'use client';

import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { FieldError, Input, Label } from '@/components/ui/input';
import { isValidDate } from '@/lib/finance';

export const controlClasses =
  'h-9.5 w-full rounded-md border border-border-strong bg-surface px-3 text-[15px] text-heading transition-[border-color,box-shadow] focus-visible:border-primary focus-visible:shadow-[0_0_0_3px_rgb(115_103_240/0.2)] focus-visible:outline-none aria-invalid:border-danger-text';

type FieldFrameProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
};

/** Label, control, hint and error of one field; the control gets aria-describedby pointing at hint and error. */
function FieldFrame({ id, label, error, hint, className, children }: FieldFrameProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('min-w-0', className)} data-field={id}>
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-[13px] leading-snug text-body">
          {hint}
        </p>
      ) : null}
      {error ? (
        <FieldError id={`${id}-error`} data-testid={`${id}-error`}>
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** A unit shown inside the field's right edge (EUR, %); it is part of the accessible name. */
  suffix?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  placeholder?: string;
  className?: string;
};

/** A text field for numbers in the locale's format (type="number" would neither show nor accept `1.234,56`). */
export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  suffix,
  inputMode = 'decimal',
  placeholder,
  className,
}: TextFieldProps) {
  return (
    <FieldFrame
      id={id}
      label={
        suffix ? (
          <>
            {label}
            <span className="sr-only"> ({suffix})</span>
          </>
        ) : (
          label
        )
      }
      error={error}
      hint={hint}
      className={className}
    >
      {(describedBy) => (
        <div className="relative">
          <Input
            id={id}
            name={id}
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            spellCheck={false}
            value={value}
            placeholder={placeholder}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn('tabular text-right', suffix && 'pr-12')}
          />
          {suffix ? (
            <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-[13px] text-body" aria-hidden="true">
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}

type DateFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  className?: string;
};

/** A native date picker: the browser shows the date in the user's format, the value stays YYYY-MM-DD. */
export function DateField({ id, label, value, onChange, error, hint, className }: DateFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(describedBy) => (
        <Input
          id={id}
          name={id}
          type="date"
          // A date the calendar does not have (2026-02-30 from a URL) would be rejected by the browser with a console warning.
          value={isValidDate(value) ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="tabular"
        />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  className?: string;
};

/** A native select. A value from the URL that is not an option is still shown (with its error) rather than silently replaced. */
export function SelectField({ id, label, value, options, onChange, error, hint, className }: SelectFieldProps) {
  const known = options.some((o) => o.value === value);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      {(describedBy) => (
        <select
          id={id}
          name={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClasses, 'cursor-pointer pr-8')}
        >
          {known ? null : <option value={value}>{value}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type CheckboxFieldProps = {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  className?: string;
};

export function CheckboxField({ id, label, checked, onChange, error, className }: CheckboxFieldProps) {
  return (
    <div className={cn('min-w-0', className)} data-field={id}>
      <div className="flex h-9.5 items-center gap-2 sm:mt-[23px]">
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="size-4 cursor-pointer accent-primary-strong"
        />
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-heading">
          {label}
        </label>
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

type TextAreaFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  rows?: number;
  className?: string;
};

export function TextAreaField({ id, label, value, onChange, error, hint, rows = 8, className }: TextAreaFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('min-w-0', className)} data-field={id}>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        name={id}
        rows={rows}
        value={value}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(controlClasses, 'h-auto min-h-40 resize-y px-3 py-2 font-mono text-[13px] leading-6')}
      />
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-[13px] leading-snug text-body">
          {hint}
        </div>
      ) : null}
      {error ? (
        <FieldError id={`${id}-error`} data-testid={`${id}-error`}>
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}
