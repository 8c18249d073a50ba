import { Download } from '@/lib/icons';
import { headers } from 'next/headers';
import { setRequestLocale } from 'next-intl/server';
import { getTranslations } from '@/i18n/translations';
import { DevelopIndex, type IndexGroup } from '@/components/develop/develop-index';
import { OperationCard } from '@/components/develop/operation-card';
import { PageHeader } from '@/components/shell/page-header';
import { metadataFor } from '@/components/shell/page-metadata';
import { guardPage } from '@/app/[locale]/prelude';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOperation } from '@/lib/openapi/document';
import type { HttpMethod } from '@/lib/openapi/registry';
import { ClientMessages } from '@/app/[locale]/client-messages';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = metadataFor('develop');

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/** The document changes only with the code: built once per process. */
let cachedDocument: OpenApiDocument | undefined;

type Listed = { method: HttpMethod; path: string; op: OpenApiOperation };

/** The served operations grouped by tag in document order; alias paths are shown on their operation. */
function groupByTag(doc: OpenApiDocument): { tag: string; description: string; ops: Listed[] }[] {
  const groups = doc.tags.map((tag) => ({ tag: tag.name, description: tag.description, ops: [] as Listed[] }));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || op['x-alias-of']) continue;
      groups.find((g) => g.tag === op.tags[0])?.ops.push({ method, path, op });
    }
  }
  return groups.filter((g) => g.ops.length > 0);
}

function sectionId(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** Scheme and host the browser used, for copy-paste curl lines (behind a proxy: X-Forwarded-*). */
async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost:3000';
  const proto =
    h.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  return `${proto}://${host}`;
}

/** Develop: the API reference rendered from the OpenAPI document, with try-it forms and curl lines. */
export default async function DevelopPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const access = await guardPage(locale, 'develop');
  if (!access.ok) return access.forbidden;
  const { scopes } = access.principal;

  const t = await getTranslations('develop');
  cachedDocument ??= buildOpenApiDocument();
  const groups = groupByTag(cachedDocument);
  const origin = await requestOrigin();
  const index: IndexGroup[] = groups.map((g) => ({
    tag: g.tag,
    sectionId: sectionId(g.tag),
    entries: g.ops.map(({ method, path, op }) => ({
      id: op.operationId,
      method,
      path,
      summary: op.summary,
      aliases: op['x-aliases'] ?? [],
    })),
  }));

  // The documented paths, as the operation list shows them; /jwt/* answers the same (the original product's alias).
  const login = `curl -X POST -H 'Content-Type: application/json' \\\n  -d '{"email":"you@example.com","password":"…"}' \\\n  '${origin}/api/jwt/login'\n\n# jq keeps the access token:\nTOKEN=$(curl -s -X POST -H 'Content-Type: application/json' \\\n  -d '{"email":"you@example.com","password":"…"}' \\\n  '${origin}/api/jwt/login' | jq -r .accessToken)`;
  const call = `curl -H "Authorization: Bearer $TOKEN" '${origin}/api/me'`;
  const refresh = `curl -X POST -H 'Content-Type: application/json' \\\n  -d '{"refreshToken":"<refreshToken>"}' \\\n  '${origin}/api/jwt/refresh-token'`;

  return (
    <ClientMessages namespaces={['develop']}>
      <>
        <PageHeader
          page="develop"
          description={t('intro')}
          actions={
            <a
              href="/api/openapi.json"
              download="quantum-openapi.json"
              className={buttonClasses({ variant: 'outline' })}
              data-testid="download-openapi"
            >
              <Download aria-hidden="true" />
              {t('downloadSpec')}
            </a>
          }
        />
        <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <aside className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto">
            <Card className="p-4">
              <DevelopIndex groups={index} />
            </Card>
          </aside>
          <div className="flex min-w-0 flex-col gap-6">
            <Card id="bearer-token">
              <CardHeader>
                <CardTitle>{t('token.title')}</CardTitle>
                <p>{t('token.intro')}</p>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                <ol className="ml-5 list-decimal text-sm">
                  <li>{t('token.step1')}</li>
                  <li>{t('token.step2')}</li>
                  <li>{t('token.step3')}</li>
                </ol>
                {[
                  [t('token.loginExample'), login],
                  [t('token.callExample'), call],
                  [t('token.refreshExample'), refresh],
                ].map(([label, code]) => (
                  <div key={label}>
                    <h3 className="mb-1 text-sm font-semibold text-heading">{label}</h3>
                    <pre
                      tabIndex={0}
                      aria-label={label}
                      className="overflow-auto rounded-md bg-surface-muted p-3 font-mono text-[12px] leading-5 text-heading"
                    >
                      {code}
                    </pre>
                  </div>
                ))}
              </CardContent>
            </Card>
            {groups.map((g) => (
              <section
                key={g.tag}
                id={sectionId(g.tag)}
                aria-labelledby={`${sectionId(g.tag)}-title`}
                className="flex scroll-mt-20 flex-col gap-4"
              >
                <div>
                  <h2 id={`${sectionId(g.tag)}-title`} className="text-xl font-medium text-heading">
                    {g.tag}
                  </h2>
                  <p className="text-sm">{g.description}</p>
                </div>
                {g.ops.map(({ method, path, op }) => (
                  <OperationCard key={op.operationId} method={method} path={path} op={op} scopes={scopes} origin={origin} />
                ))}
              </section>
            ))}
          </div>
        </div>
      </>
    </ClientMessages>
  );
}
