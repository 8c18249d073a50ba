'use client';

import { FileSpreadsheet, FileText, Loader2 } from '@/lib/icons';
import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { usePathname, useRouter } from '@/i18n/navigation';

type Props = { funderId: number; kind: string; month: string; locale: string };

/** Starts the download of a kept file (an API response with Content-Disposition, not a page to navigate to). */
function download(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
}

/**
 * "Generate CSV / XLSX": keeps a file of the report (POST /api/reports/files); disabled with a spinner meanwhile. The new
 * file is offered at once: a download action in the toast, and the kept-files list reloads with its row highlighted
 * (`?file=<id>` in the URL, so the highlight survives a reload).
 */
export function GenerateFileButtons({ funderId, kind, month, locale }: Props) {
  const t = useTranslations('reports.files');
  const router = useRouter();
  const pathname = usePathname();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);

  async function generate(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      const res = await fetch(`/api/reports/files?funderId=${funderId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind, month, format, locale }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        toast.error(t('failed', { message: body?.error?.message ?? String(res.status) }));
        return;
      }
      const file = (await res.json()) as { id: number; fileName: string };
      const href = `/api/reports/files/${file.id}?funderId=${funderId}`;
      toast.success(t('generated', { name: file.fileName }), {
        action: { label: t('download'), onClick: () => download(href, file.fileName) },
        duration: 10_000,
      });
      router.replace({ pathname, query: { month, file: String(file.id) } }, { scroll: false });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-wrap gap-2" aria-busy={busy !== null}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          disabled={busy !== null}
          onClick={() => void generate(format)}
          data-testid={`generate-${format}`}
        >
          {busy === format ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : format === 'csv' ? (
            <FileText aria-hidden="true" />
          ) : (
            <FileSpreadsheet aria-hidden="true" />
          )}
          {busy === format ? t('generating') : t(format === 'csv' ? 'generateCsv' : 'generateXlsx')}
        </Button>
      ))}
    </div>
  );
}
