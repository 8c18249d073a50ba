'use client';

import { useId, useRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { useModal } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  confirmVariant?: ButtonProps['variant'];
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal confirmation on the native <dialog> (useModal): Esc cancels, focus starts on Cancel (the safe choice)
 * and returns to the opener when the dialog closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useModal(ref, open, () => cancelRef.current?.focus());

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-md bg-surface p-6 text-body shadow-card backdrop:bg-[rgb(47_43_61/0.5)]"
      data-testid="confirm-dialog"
    >
      <h2 id={titleId} className="mb-2 text-lg font-medium text-heading">
        {title}
      </h2>
      <div id={bodyId} className="mb-5 text-sm">
        {children}
      </div>
      <div className="flex justify-end gap-2">
        <Button ref={cancelRef} variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
