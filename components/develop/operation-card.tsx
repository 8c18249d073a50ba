import { getTranslations } from '@/i18n/translations';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { JsonSchema, OpenApiOperation } from '@/lib/openapi/document';
import { curlFor } from './curl';
import { MethodBadge } from './method-badge';
import { SchemaDetails } from './schema-details';
import { constraintPhrases, typeLabel, type SchemaLabels } from './schema-view';
import { TryIt, type TryParam } from './try-it';

type Props = {
  method: string;
  path: string;
  op: OpenApiOperation;
  /** The signed-in user's scopes, to mark what they may not call. */
  scopes: readonly string[];
  /** Scheme and host of this server, for the curl line. */
  origin: string;
};

function CodeBlock({ children, label }: { children: string; label?: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-[12px] leading-5 text-heading focus-visible:outline-2 focus-visible:outline-primary"
    >
      {children}
    </pre>
  );
}

function paramOptions(schema: JsonSchema): string[] | undefined {
  return Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string') ? (schema.enum as string[]) : undefined;
}

/** One operation of the document: what it does, who may call it, its parameters, schemas, examples, curl and the try-it form. */
export async function OperationCard({ method, path, op, scopes, origin }: Props) {
  const t = await getTranslations('develop');
  const st = t as unknown as SchemaLabels;
  const scope = op['x-required-scope'];
  const allowed = !scope || scopes.includes(scope);
  const example = op['x-example'] ?? {};
  const jsonBody = op.requestBody?.content['application/json'];
  const otherBody = op.requestBody && !jsonBody ? Object.keys(op.requestBody.content)[0] : undefined;
  const tryParams: TryParam[] = op.parameters.map((p) => ({
    name: p.name,
    in: p.in,
    required: p.required,
    options: paramOptions(p.schema),
    initial: p.example ?? '',
  }));
  const bodyText = jsonBody ? JSON.stringify(example.body ?? {}, null, 2) : null;

  return (
    <Card
      id={op.operationId}
      className="scroll-mt-20 p-5"
      data-testid="develop-operation"
      data-operation={`${method.toUpperCase()} ${path}`}
    >
      <h3 className="flex flex-wrap items-center gap-2 text-base font-medium text-heading">
        <MethodBadge method={method} />
        <code className="font-mono break-all">{path}</code>
      </h3>
      <p className="mt-1 text-[15px] text-heading">{op.summary}</p>
      {op.description ? <p className="mt-1 text-sm">{op.description}</p> : null}
      {op['x-aliases']?.length ? (
        <p className="mt-1 text-[13px]">
          {t('aliases')}{' '}
          {op['x-aliases'].map((a) => (
            <code key={a} className="mr-2 font-mono text-heading">
              {a}
            </code>
          ))}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {op['x-auth'] === 'public' ? (
          <Badge variant="secondary">{t('auth.public')}</Badge>
        ) : scope ? (
          <Badge variant={allowed ? 'success' : 'danger'} className="font-mono">
            {t('auth.scope', { scope })}
          </Badge>
        ) : (
          <Badge variant="secondary">{t('auth.signedIn')}</Badge>
        )}
        {!allowed && scope ? (
          <span className="text-[13px] text-danger-text" data-testid="not-allowed">
            {t('auth.notAllowed', { scope })}
          </span>
        ) : null}
      </div>

      <h4 className="mt-4 text-sm font-semibold text-heading">{t('parameters')}</h4>
      {op.parameters.length === 0 ? (
        <p className="text-sm">{t('noParameters')}</p>
      ) : (
        <div className="mt-1 overflow-x-auto">
          <table className="w-full text-left text-[13px]">
            <thead>
              <tr className="border-b border-border text-heading">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {t('col.name')}
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {t('col.in')}
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {t('col.type')}
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {t('col.required')}
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  {t('col.description')}
                </th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => {
                const items = p.schema.type === 'array' ? (p.schema.items as JsonSchema | undefined) : undefined;
                const phrases = [...constraintPhrases(p.schema, st), ...(items ? constraintPhrases(items, st) : [])];
                return (
                  <tr key={`${p.in}:${p.name}`} className="h-8 border-b border-border align-top">
                    <td className="py-1.5 pr-3 font-mono text-heading">{p.name}</td>
                    <td className="py-1.5 pr-3">{t(`in.${p.in}`)}</td>
                    <td className="py-1.5 pr-3 font-mono">{typeLabel(p.schema)}</td>
                    <td className="py-1.5 pr-3">{p.required ? t('required') : t('optional')}</td>
                    <td className="py-1.5">{[p.description, phrases.join(' · ')].filter(Boolean).join(' — ')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {op.requestBody ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-heading">{t('requestBody')}</h4>
          {jsonBody ? (
            <SchemaDetails schema={jsonBody.schema} contentType="application/json" className="mt-1" />
          ) : (
            <p className="text-sm">{t('file', { contentType: otherBody ?? '' })}</p>
          )}
        </>
      ) : null}

      <h4 className="mt-4 text-sm font-semibold text-heading">{t('responses')}</h4>
      <ul className="mt-1 flex flex-col gap-1">
        {Object.entries(op.responses).map(([status, response]) => {
          const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
          const ref = typeof media?.schema.$ref === 'string' ? media.schema.$ref.split('/').pop() : undefined;
          const binary = media?.schema.format === 'binary';
          return (
            <li key={status} className="text-[13px]">
              <span className="mr-2 inline-block w-10 font-mono font-semibold text-heading">{status}</span>
              {response.description}
              {contentType ? (
                <code className="ml-2 font-mono text-body">{contentType}</code>
              ) : (
                <span className="ml-2 text-body">({t('noBody')})</span>
              )}
              {ref ? <code className="ml-2 font-mono text-primary-strong">{ref}</code> : null}
              {media && !ref && !binary ? <SchemaDetails schema={media.schema} className="ml-12" /> : null}
            </li>
          );
        })}
      </ul>

      {example.body !== undefined ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-heading">{t('example')}</h4>
          <CodeBlock label={t('example')}>{JSON.stringify(example.body, null, 2)}</CodeBlock>
        </>
      ) : null}

      <h4 className="mt-4 text-sm font-semibold text-heading">{t('curl')}</h4>
      <CodeBlock label={t('curl')}>{curlFor(method, path, op, origin)}</CodeBlock>

      <details className="mt-4 rounded-md border border-border p-3">
        <summary className="cursor-pointer text-sm font-semibold text-primary-strong" data-testid="try-toggle">
          {t('try.title')}
        </summary>
        <div className="mt-3">
          <TryIt operationId={op.operationId} method={method} path={path} params={tryParams} body={bodyText} />
        </div>
      </details>
    </Card>
  );
}
