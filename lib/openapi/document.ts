import { z } from 'zod';
import pkg from '@/package.json';
import type { HttpMethod, ResponseDoc, RouteDoc } from './registry';
import { apiErrorSchema } from './responses-core';
import { ROUTE_DOCS } from './routes';

/**
 * The OpenAPI 3.1 document of QUANTUM's API, generated from the RouteDocs (lib/openapi/docs/*) and so
 * from the very zod schemas the handlers validate with (zod 4's z.toJSONSchema, draft 2020-12).
 * Requests are described as zod *accepts* them (io 'input': defaults make a field optional), responses
 * as they come out (io 'output').
 */

export type JsonSchema = { [key: string]: unknown };

export type OpenApiParameter = {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
  example?: string;
};

export type OpenApiResponse = { description: string; content?: Record<string, { schema: JsonSchema }> };

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, OpenApiResponse>;
  /** [] for public operations; otherwise bearer token or session cookie, naming the scope as the role. */
  security: Record<string, string[]>[];
  /** 'public', 'signed-in' (any user or token) or the scope required. */
  'x-auth': string;
  'x-required-scope'?: string;
  /** On an alias path: the path the route file serves. */
  'x-alias-of'?: string;
  /** On the served path: the other documented paths answering the same. */
  'x-aliases'?: string[];
  'x-example'?: RouteDoc['example'];
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
  security: Record<string, string[]>[];
};

export const ERROR_REF = '#/components/schemas/Error';

/** Descriptions of the tags; a tag not listed here gets a plain one. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: 'Sign-in for scripts (JWT access and refresh tokens), the signed-in user, the password, and the health check.',
  Calculators: 'Lease schedule, rate, NPV/IRR and purchase-price calculators (stateless).',
  Funders: 'Funders and their parameters; the funder the browser works on.',
  Leases: "The funder's lease register: list, read with schedule and valuation, create, edit, delete, export.",
  Lessees: "The funder's lessees (the lessee picker).",
  'Lease-combined': 'The original lease-combined contract: lease rows with their client and total cash flow.',
  'Portfolio views': "The signed-in user's saved views of the Master File and the Total Cash Flow table.",
  Portfolio: 'The valued book: Total Cash Flow export.',
  Scenarios: 'Named prepayment, default and loss scenarios of a funder and the portfolio cash flow under them (domain.md §10).',
  Quotations: 'Onboarding quotations: draft → submitted → approved | rejected → converted into a lease.',
  SQN: 'The Total Cash Flow rows of the original SQN contract (amounts in integer minor units).',
  Develop: 'This API description.',
  Servicing: 'Payments, their allocation and the servicing ledger.',
  Reports: 'Investor reports and their files.',
  Email: 'E-mail.',
  Admin: 'Administration.',
  Content: 'Content pages and FAQ.',
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the issues name each field and what is wrong',
  401: 'No valid credential (missing, invalid or expired token or session)',
  403: 'The credential lacks the required scope, or a cross-site write with the session cookie',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'The body is larger than 1 MiB',
  415: 'Unsupported content type',
  429: 'Too many attempts',
  500: 'Unexpected error; the body carries an errorId to quote',
  501: 'Not configured on this server',
  503: 'Unavailable',
};

/** zod → JSON Schema (2020-12) without the top-level $schema. Types JSON Schema cannot say (dates, custom) become {}. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return dropSafeIntegerBounds(json) as JsonSchema;
}

/** zod's .int() adds ±Number.MAX_SAFE_INTEGER bounds to every integer: noise for a reader, not a limit. */
function dropSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropSafeIntegerBounds);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'maximum' && v === Number.MAX_SAFE_INTEGER) || (k === 'minimum' && v === Number.MIN_SAFE_INTEGER)) continue;
    out[k] = dropSafeIntegerBounds(v);
  }
  return out;
}

/** 'post' + '/api/leases/{id}/schedule/export' → 'postApiLeasesByIdScheduleExport'. */
export function operationIdOf(method: HttpMethod, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The template variables of a path: '/api/leases/{id}' → ['id']. */
export function pathTemplateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/**
 * Moves the $defs of a generated schema (zod emits them for recursive and registered schemas) into
 * components.schemas under a prefixed name, and points the $refs there, so every $ref resolves
 * against the document.
 */
function hoistDefs(schema: JsonSchema, prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return schema;
  delete schema.$defs;
  const rename = (name: string) => `${prefix}_${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      const out: JsonSchema = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') {
          const m = /^#\/\$defs\/(.+)$/.exec(v);
          out[k] = m ? `#/components/schemas/${rename(m[1]!)}` : v === '#' ? `#/components/schemas/${prefix}` : v;
        } else out[k] = rewrite(v);
      }
      return out;
    }
    return node;
  };
  for (const [name, def] of Object.entries(defs)) components[rename(name)] = rewrite(def) as JsonSchema;
  return rewrite(schema) as JsonSchema;
}

function isStringOrStringList(s: JsonSchema | undefined): boolean {
  const any = s?.anyOf as JsonSchema[] | undefined;
  return Array.isArray(any) && any.length === 2 && any.some((a) => a.type === 'string') && any.some((a) => a.type === 'array');
}

/**
 * One OpenAPI parameter per property of a zod object. A list parameter (repeated or comma-separated,
 * lib/validations/common.ts listParam) is described as an array with the values it accepts.
 */
export function parametersOf(
  schema: z.ZodType,
  where: 'query' | 'path',
  example: Record<string, string> | undefined,
  prefix: string,
  components: Record<string, JsonSchema>,
): OpenApiParameter[] {
  const input = hoistDefs(toJsonSchema(schema, 'input'), `${prefix}_${where}`, components);
  const output = hoistDefs(toJsonSchema(schema, 'output'), `${prefix}_${where}Out`, components);
  const props = (input.properties ?? {}) as Record<string, JsonSchema>;
  const outProps = (output.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, prop]) => {
    const { description, ...rest } = prop;
    let paramSchema: JsonSchema = rest;
    const out = outProps[name];
    const list = isStringOrStringList(prop);
    if (list) {
      const items = (out?.type === 'array' ? out.items : undefined) as JsonSchema | undefined;
      paramSchema = { type: 'array', items: items ?? { type: 'string' }, ...('default' in prop ? { default: prop.default } : {}) };
    }
    const notes = [
      typeof description === 'string' ? description : '',
      list ? 'Repeat the parameter or separate the values with commas.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    const param: OpenApiParameter = { name, in: where, required: where === 'path' || required.has(name), schema: paramSchema };
    if (notes) param.description = notes;
    if (list) {
      param.style = 'form';
      param.explode = true;
    }
    if (example?.[name] !== undefined) param.example = example[name];
    return param;
  });
}

function responseOf(status: number, doc: ResponseDoc, prefix: string, components: Record<string, JsonSchema>): OpenApiResponse {
  const description = doc.description || ERROR_DESCRIPTIONS[status] || `HTTP ${status}`;
  if (doc.schema === apiErrorSchema || (!doc.schema && !doc.contentType && status >= 400)) {
    return { description, content: { 'application/json': { schema: { $ref: ERROR_REF } } } };
  }
  if (doc.schema) {
    const schema = hoistDefs(toJsonSchema(doc.schema, 'output'), `${prefix}_${status}`, components);
    return { description, content: { [doc.contentType ?? 'application/json']: { schema } } };
  }
  if (doc.contentType) return { description, content: { [doc.contentType]: { schema: { type: 'string', format: 'binary' } } } };
  return { description };
}

function operationOf(doc: RouteDoc, components: Record<string, JsonSchema>): OpenApiOperation {
  const operationId = operationIdOf(doc.method, doc.path);
  const parameters = [
    ...(doc.params ? parametersOf(doc.params, 'path', doc.example?.params, operationId, components) : []),
    ...(doc.query ? parametersOf(doc.query, 'query', doc.example?.query, operationId, components) : []),
  ];
  const responses: Record<string, OpenApiResponse> = {};
  for (const [status, response] of Object.entries(doc.responses))
    responses[status] = responseOf(Number(status), response, operationId, components);
  const defaults = doc.auth === 'public' ? [500] : [401, 403, 500];
  for (const status of defaults) responses[status] ??= responseOf(status, { description: '' }, operationId, components);

  const role = doc.auth === 'public' || doc.auth === null ? [] : [doc.auth];
  const op: OpenApiOperation = {
    operationId,
    tags: [doc.tag],
    summary: doc.summary,
    parameters,
    responses,
    security: doc.auth === 'public' ? [] : [{ bearerAuth: role }, { cookieSession: role }],
    'x-auth': doc.auth === 'public' ? 'public' : doc.auth === null ? 'signed-in' : doc.auth,
  };
  if (doc.description) op.description = doc.description;
  if (doc.auth !== 'public' && doc.auth !== null) op['x-required-scope'] = doc.auth;
  if (doc.body || doc.bodyContentType) {
    const contentType = doc.bodyContentType ?? 'application/json';
    const schema = doc.body
      ? hoistDefs(toJsonSchema(doc.body, 'input'), `${operationId}_body`, components)
      : { type: 'string', format: 'binary' };
    op.requestBody = {
      // A DELETE names its target in the query string; a body is the alternative there.
      required: doc.method !== 'delete',
      content: { [contentType]: { schema, ...(doc.example?.body !== undefined ? { example: doc.example.body } : {}) } },
    };
  }
  if (doc.example) op['x-example'] = doc.example;
  if (doc.aliases?.length) op['x-aliases'] = [...doc.aliases];
  return op;
}

/** Builds the OpenAPI 3.1.0 document of the given routes (default: every documented route). */
export function buildOpenApiDocument(routes: readonly RouteDoc[] = ROUTE_DOCS, options: { serverUrl?: string } = {}): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { Error: toJsonSchema(apiErrorSchema, 'output') };
  const paths: OpenApiDocument['paths'] = {};
  const tagNames: string[] = [];
  for (const doc of routes) {
    if (!tagNames.includes(doc.tag)) tagNames.push(doc.tag);
    const op = operationOf(doc, schemas);
    (paths[doc.path] ??= {})[doc.method] = op;
    for (const alias of doc.aliases ?? []) {
      const { 'x-aliases': _aliases, ...rest } = op;
      void _aliases;
      (paths[alias] ??= {})[doc.method] = {
        ...rest,
        operationId: operationIdOf(doc.method, alias),
        'x-alias-of': doc.path,
        description: [`Alias of ${doc.method.toUpperCase()} ${doc.path}.`, op.description].filter(Boolean).join(' '),
      };
    }
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'QUANTUM API',
      version: pkg.version,
      description:
        'The HTTP API of QUANTUM, the lease funders\u2019 workspace. Amounts are integer minor units (cents) of the currency named beside them, ' +
        'rates are decimals (0.065 = 6.5 %), dates YYYY-MM-DD. Scripts sign in with POST /jwt/login and send the access token as ' +
        '`Authorization: Bearer <token>`; the browser uses its session cookie. Errors share one shape (components.schemas.Error). ' +
        'Most endpoints take the funder from `funderId` in the query string (default 1).',
    },
    servers: [{ url: options.serverUrl ?? '/', description: 'This QUANTUM server' }],
    tags: tagNames.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} endpoints.` })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The accessToken of POST /jwt/login (or /jwt/register). It expires: exchange the refreshToken at POST /jwt/refresh-token for a new pair.',
        },
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description:
            'The web app\u2019s session (sign in at /login; __Secure- prefixed over HTTPS). Writes must come from the same origin.',
        },
      },
    },
    security: [{ bearerAuth: [] }, { cookieSession: [] }],
  };
}
