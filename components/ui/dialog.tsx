'use client';

import { X } from '@/lib/icons';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';

/**
 * Opens and closes a native <dialog> as `open` says: showModal() keeps focus inside and makes the page behind
 * inert, Escape closes, and the browser returns focus to the opener. `onOpened` runs right after it opens
 * (e.g. to focus the safe choice).
 */
export function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean, onOpened?: () => void): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      onOpened?.();
    } else if (!open && dialog.open) dialog.close();
    // onOpened is read when `open` changes only: a new closure on every render must not reopen anything.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ref]);
}

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
};

/** A modal on the native <dialog>: focus is kept inside, Escape closes it, focus returns to the opener. */
export function Dialog({ open, onClose, title, closeLabel, children, className, ...rest }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(ref, open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={rest['data-testid']}
      className={cn(
        'm-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-md bg-surface p-0 text-body shadow-dropdown backdrop:bg-[rgb(47_43_61/0.5)]',
        className,
      )}
    >
      {open ? (
        <>
          <div className="flex items-start justify-between gap-4 px-6 pt-5 pb-3">
            <h2 id={titleId} className="text-lg font-medium text-heading">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-mr-2 flex size-8 items-center justify-center rounded-full text-heading hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X className="size-4.5" aria-hidden="true" />
            </button>
          </div>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
