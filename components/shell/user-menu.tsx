'use client';

import { CircleUser, LifeBuoy, LogOut, Newspaper, Tag } from '@/lib/icons';
import { signOut } from 'next-auth/react';
import { useLocale } from 'next-intl';
import { useTranslations } from '@/i18n/use-translations';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import type { Role } from '@/db/schema/auth';

export type ShellUser = { name: string; email: string; role: Role };

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [name.trim()[0]];
  return letters.join('').toUpperCase() || '?';
}

/** The avatar button in the navbar and its dropdown (a disclosure, not an ARIA menu: plain links and buttons). */
export function UserMenu({ user }: { user: ShellUser }) {
  const t = useTranslations('shell');
  const tc = useTranslations('common');
  const tn = useTranslations('nav');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      // The server revokes the session (events.signOut), then next-auth navigates to the sign-in page.
      await signOut({ callbackUrl: `/${locale}/login` });
    } catch {
      setSigningOut(false);
      toast.error(t('signOutFailed'));
    }
  };

  const avatar = (
    <span className="flex size-9.5 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-strong">
      {initials(user.name)}
    </span>
  );

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(e) => {
        // Tabbing out closes the panel; pointer presses outside are handled above.
        if (open && e.relatedTarget && !rootRef.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('userMenu', { name: user.name })}
        onClick={() => setOpen((v) => !v)}
        className="relative flex rounded-full"
      >
        {avatar}
        <span className="absolute right-0 bottom-0 size-2.5 rounded-full bg-success ring-2 ring-surface" aria-hidden="true" />
      </button>
      <div id={panelId} hidden={!open} className="absolute top-full right-0 z-50 mt-2.5 w-64 rounded-md bg-surface py-2 shadow-dropdown">
        <div className="flex items-center gap-3 px-4 py-2">
          {avatar}
          <div className="min-w-0">
            <p className="truncate text-[15px] font-medium text-heading">{user.name}</p>
            <p className="truncate text-[13px]">{user.email}</p>
          </div>
        </div>
        <div className="px-4 pb-2">
          <Badge variant="primary">{tc(`roles.${user.role}`)}</Badge>
        </div>
        <hr className="my-1 border-border" />
        <Link
          href="/account"
          onClick={() => setOpen(false)}
          className="mx-2 flex h-9.5 items-center gap-2.5 rounded-md px-3 text-[15px] text-heading hover:bg-surface-muted"
        >
          <CircleUser className="size-5" aria-hidden="true" />
          {t('myAccount')}
        </Link>
        {(
          [
            ['/help', 'help', LifeBuoy],
            ['/pricing', 'pricing', Tag],
            ['/news', 'news', Newspaper],
          ] as const
        ).map(([href, key, Icon]) => (
          <Link
            key={key}
            href={href}
            onClick={() => setOpen(false)}
            data-testid={`user-menu-${key}`}
            className="mx-2 flex h-9.5 items-center gap-2.5 rounded-md px-3 text-[15px] text-heading hover:bg-surface-muted"
          >
            <Icon className="size-5" aria-hidden="true" />
            {tn(key)}
          </Link>
        ))}
        <hr className="my-1 border-border" />
        <div className="px-4 py-1.5">
          <button
            type="button"
            data-testid="sign-out"
            onClick={handleSignOut}
            disabled={signingOut}
            className={cn(
              'flex h-8 w-full items-center justify-center gap-2 rounded-md bg-danger-text text-[13px] font-medium text-white hover:bg-[#a91f23] disabled:opacity-70',
            )}
          >
            {signingOut ? t('signingOut') : t('signOut')}
            <LogOut className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </div>
  );
}
