'use client';

import { useTranslations } from '@/i18n/use-translations';
import { cn } from '@/components/ui/cn';
import { USER_PLANS, USER_ROLES, USER_STATUSES } from '@/lib/validations/users';

const selectBase =
  'rounded-md border border-border-strong bg-surface text-heading focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';
const selectSize = { regular: 'h-9.5 px-3 text-sm', compact: 'h-7 px-1.5 text-[13px]' };

type Kind = 'role' | 'currentPlan' | 'status';

/** The translated options of a role, plan or status select. */
export function useAccessOptions() {
  const t = useTranslations('access');
  const tc = useTranslations('common');
  return {
    role: USER_ROLES.map((v) => ({ value: v, label: tc(`roles.${v}`) })),
    currentPlan: USER_PLANS.map((v) => ({ value: v, label: t(`plans.${v}`) })),
    status: USER_STATUSES.map((v) => ({ value: v, label: t(`statuses.${v}`) })),
  } satisfies Record<Kind, { value: string; label: string }[]>;
}

/** A labelled native select over a role, plan or status (optionally with an "all" entry for filters). */
export function AccessSelect({
  id,
  kind,
  label,
  value,
  onChange,
  all,
  compact,
  disabled,
  hideLabel,
  name,
}: {
  id: string;
  kind: Kind;
  label: string;
  value: string;
  onChange: (value: string) => void;
  all?: string;
  compact?: boolean;
  disabled?: boolean;
  hideLabel?: boolean;
  name?: string;
}) {
  const options = useAccessOptions()[kind];
  return (
    <div>
      <label htmlFor={id} className={cn('mb-1 block text-[13px] font-medium text-heading', hideLabel && 'sr-only')}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={cn(selectBase, compact ? selectSize.compact : selectSize.regular)}
      >
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
