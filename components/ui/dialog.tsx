"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

import { Button } from "./button";

/*
 * A modal window on the native dialog element: showModal() keeps the rest of the page inert and
 * focus inside, Escape closes it (the browser's cancel), its title names it, and focus goes back to
 * what opened it. The parent holds whether it is open; closing by Escape or the close button tells
 * it through onClose.
 */

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The close button's text, in the user's language. */
  closeText: string;
  children: ReactNode;
}

export function Dialog({ open, onClose, title, closeText, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        // Browsers differ in where focus lands after a modal closes; the opener is where the person was.
        openerRef.current?.focus();
        openerRef.current = null;
      }}
      className="m-auto w-full max-w-3xl rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <Button size="sm" onClick={() => dialogRef.current?.close()}>
          {closeText}
        </Button>
      </div>
      <div className="p-4">{children}</div>
    </dialog>
  );
}
