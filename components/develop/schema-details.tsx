'use client';

import { useTranslations } from '@/i18n/use-translations';
import { useState } from 'react';
import type { JsonSchema } from '@/lib/openapi/document';
import { SchemaView, type SchemaLabels } from './schema-view';

/**
 * A collapsible schema. The tree is rendered when first opened: the page carries each schema once as
 * compact JSON instead of dozens of closed, pre-rendered trees (the Develop page stays light).
 */
export function SchemaDetails({ schema, contentType, className }: { schema: JsonSchema; contentType?: string; className?: string }) {
  const t = useTranslations('develop');
  const [opened, setOpened] = useState(false);
  return (
    <details className={className} onToggle={(e) => setOpened((was) => was || e.currentTarget.open)}>
      <summary className="cursor-pointer text-[13px] font-medium text-primary-strong">
        {t('showSchema')}
        {contentType ? (
          <>
            {' '}
            <code className="font-mono">{contentType}</code>
          </>
        ) : null}
      </summary>
      {opened ? (
        <div className="mt-2" data-testid="schema-tree">
          <SchemaView schema={schema} t={t as unknown as SchemaLabels} />
        </div>
      ) : null}
    </details>
  );
}
