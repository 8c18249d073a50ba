import { cn } from '@/components/ui/cn';

/** The QUANTUM mark: a violet rounded square with a stylised Q. Decorative (the name is always written next to it). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#7367f0" />
      <circle cx="15.5" cy="15.5" r="7" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M18.5 18.5 24 24" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
