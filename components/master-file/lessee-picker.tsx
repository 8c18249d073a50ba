'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import { Input } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';

export type LesseeChoice = { id: number; name: string; idOdoo: string | null; country: string; defaultVatRate: number };

type Props = {
  funderId: number;
  value: LesseeChoice | null;
  onChange: (lessee: LesseeChoice | null) => void;
  label: string;
  error?: string;
  errorId?: string;
};

const fetchJson = async (url: string) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as { lessees: LesseeChoice[] };
};

/**
 * Searches the funder's lessees as you type (name, ERP id or tax id) and picks one: an ARIA combobox
 * (arrow keys move, Enter picks, Escape closes).
 */
export function LesseePicker({ funderId, value, onChange, label, error, errorId }: Props) {
  const t = useTranslations('masterFile.picker');
  const [text, setText] = useState(value?.name ?? '');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputId = useId();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  // The request follows the text after a short pause, not every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);

  const {
    data,
    error: loadError,
    isLoading,
  } = useSWR(open ? `/api/lessees?funderId=${funderId}&limit=10&q=${encodeURIComponent(query)}` : null, fetchJson, {
    keepPreviousData: true,
  });
  const options = data?.lessees ?? [];

  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const pick = (l: LesseeChoice) => {
    onChange(l);
    setText(l.name);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(0, options.length - 1)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active]!);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const describedBy = [error && errorId, value ? `${inputId}-chosen` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div ref={rootRef} className="relative">
      <label htmlFor={inputId} className="mb-1 block text-[13px] font-medium text-heading">
        {label}
      </label>
      <Input
        id={inputId}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${options[active]!.id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t('placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
          if (value && e.target.value !== value.name) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {value ? (
        <p id={`${inputId}-chosen`} className="mt-1 text-[13px]">
          {t('chosen', { id: value.idOdoo ?? String(value.id), country: value.country || '—' })}
        </p>
      ) : null}
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-surface py-1 shadow-dropdown"
        >
          {loadError ? (
            <li className="px-3 py-2 text-danger-text">{t('failed')}</li>
          ) : isLoading && options.length === 0 ? (
            <li className="px-3 py-2">{t('loading')}</li>
          ) : options.length === 0 ? (
            <li className="px-3 py-2">{t('none')}</li>
          ) : (
            options.map((l, i) => (
              <li
                key={l.id}
                id={`${listId}-${l.id}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(l);
                }}
                onMouseEnter={() => setActive(i)}
                className={cn('flex min-h-8 cursor-pointer flex-col px-3 py-1.5', i === active && 'bg-primary-soft')}
              >
                <span className="text-heading">{l.name}</span>
                <span className="text-xs">
                  {l.idOdoo ?? l.id} · {l.country}
                </span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
