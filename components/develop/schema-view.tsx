import type { JsonSchema } from '@/lib/openapi/document';

export type SchemaLabels = (key: string, values?: Record<string, string | number>) => string;

const MAX_DEPTH = 8;

/** The type of a JSON Schema in a word: 'integer', 'string[]', 'object', 'string | null', '$ref Error'. */
export function typeLabel(s: JsonSchema): string {
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop()!;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map(typeLabel).join(' | ');
  if (s.type === 'array') return `${s.items ? typeLabel(s.items as JsonSchema) : 'any'}[]`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (typeof s.type === 'string') return s.format ? `${s.type} (${String(s.format)})` : s.type;
  return '';
}

/** The limits of a schema as short translated phrases (enum, default, bounds, lengths, pattern). */
export function constraintPhrases(s: JsonSchema, t: SchemaLabels): string[] {
  const out: string[] = [];
  const v = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
  if (Array.isArray(s.enum)) out.push(`${t('schema.enum')} ${(s.enum as unknown[]).map(v).join(', ')}`);
  if (s.default !== undefined) out.push(t('schema.default', { value: v(s.default) }));
  if (typeof s.minimum === 'number') out.push(t('schema.min', { value: s.minimum }));
  if (typeof s.maximum === 'number') out.push(t('schema.max', { value: s.maximum }));
  if (typeof s.exclusiveMinimum === 'number') out.push(t('schema.exclusiveMin', { value: s.exclusiveMinimum }));
  if (typeof s.exclusiveMaximum === 'number') out.push(t('schema.exclusiveMax', { value: s.exclusiveMaximum }));
  if (typeof s.minLength === 'number') out.push(t('schema.minLength', { value: s.minLength }));
  if (typeof s.maxLength === 'number') out.push(t('schema.maxLength', { value: s.maxLength }));
  if (typeof s.minItems === 'number') out.push(t('schema.minItems', { value: s.minItems }));
  if (typeof s.maxItems === 'number') out.push(t('schema.maxItems', { value: s.maxItems }));
  if (typeof s.pattern === 'string') out.push(t('schema.pattern', { value: s.pattern }));
  return out;
}

/** Nested parts of a schema worth their own level: object properties, array items, union members, record values. */
function children(s: JsonSchema): { kind: 'properties' | 'items' | 'anyOf' | 'additional'; entries: [string, JsonSchema][] } | null {
  if (s.properties && typeof s.properties === 'object')
    return { kind: 'properties', entries: Object.entries(s.properties as Record<string, JsonSchema>) };
  if (s.type === 'array' && s.items && hasStructure(s.items as JsonSchema))
    return { kind: 'items', entries: [['', s.items as JsonSchema]] };
  if (Array.isArray(s.anyOf) && (s.anyOf as JsonSchema[]).some(hasStructure))
    return { kind: 'anyOf', entries: (s.anyOf as JsonSchema[]).map((x, i) => [String(i + 1), x]) };
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && hasStructure(s.additionalProperties as JsonSchema)) {
    return { kind: 'additional', entries: [['', s.additionalProperties as JsonSchema]] };
  }
  return null;
}

function hasStructure(s: JsonSchema): boolean {
  return Boolean(s.properties) || (s.type === 'array' && Boolean(s.items) && hasStructure(s.items as JsonSchema)) || Array.isArray(s.anyOf);
}

/**
 * A JSON Schema as a readable tree: each property with its type, whether it is required, its limits and
 * its description. Server-rendered; no script needed.
 */
export function SchemaView({ schema, t, depth = 0 }: { schema: JsonSchema; t: SchemaLabels; depth?: number }) {
  const nested = depth < MAX_DEPTH ? children(schema) : null;
  if (depth === 0 && !nested) return <SchemaLine schema={schema} t={t} />;
  if (!nested) return null;
  if (nested.kind !== 'properties') {
    const label = nested.kind === 'items' ? t('schema.items') : nested.kind === 'anyOf' ? t('schema.anyOf') : t('schema.additional');
    return (
      <div className="mt-1">
        <p className="text-[13px] text-body">{label}</p>
        <ul className="ml-3 border-l border-border pl-3">
          {nested.entries.map(([key, child]) => (
            <li key={key} className="py-0.5">
              <SchemaLine schema={child} t={t} />
              <SchemaView schema={child} t={t} depth={depth + 1} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return (
    <ul className={depth > 0 ? 'ml-3 border-l border-border pl-3' : ''}>
      {nested.entries.map(([name, child]) => (
        <li key={name} className="py-0.5">
          <SchemaLine name={name} required={required.has(name)} schema={child} t={t} />
          <SchemaView schema={child} t={t} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

function SchemaLine({ name, required, schema, t }: { name?: string; required?: boolean; schema: JsonSchema; t: SchemaLabels }) {
  const phrases = constraintPhrases(schema, t);
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 text-[13px]">
      {name ? <code className="font-mono font-medium text-heading">{name}</code> : null}
      <code className="font-mono text-primary-strong">{typeLabel(schema) || t('schema.any')}</code>
      {required ? <span className="text-danger-text">{t('schema.required')}</span> : null}
      {phrases.length > 0 ? <span className="text-body">{phrases.join(' · ')}</span> : null}
      {typeof schema.description === 'string' ? <span>— {schema.description}</span> : null}
    </div>
  );
}
