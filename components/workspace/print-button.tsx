'use client';

import { Printer } from '@/lib/icons';
import { Button } from '@/components/ui/button';

/** Opens the browser's print dialog (the page's print CSS hides everything but the document). */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button variant="outline" onClick={() => window.print()} className="print:hidden">
      <Printer aria-hidden="true" />
      {label}
    </Button>
  );
}
