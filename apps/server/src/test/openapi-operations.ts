import type { TestApp } from './test-app.ts';

/** The part of a JSON schema (as @fastify/swagger writes zod schemas) the suites read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  const?: unknown;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** As documented, with the `/api` prefix and `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Documented as needing a bearer token. */
  secured: boolean;
  /** Its `x-permission` (issue 27): the account permission key it needs, `self`, or none (owner only). */
  permission?: string;
  /** Its `x-console-permission` (issue 28): the console key an operator needs, `any`, or none. */
  consolePermission?: string;
}

/** Every operation of `/api/openapi.json`, so a new route is covered without touching the suites. */
export async function readOperations(t: TestApp): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          security?: unknown[];
          'x-permission'?: string;
          'x-console-permission'?: string;
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
        secured: (op.security?.length ?? 0) > 0,
        permission: op['x-permission'],
        consolePermission: op['x-console-permission'],
      });
    }
  }
  return operations;
}

/** `/api/projects/{id}` with its placeholders filled (values URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encode(values[name] ?? '1'));
}

/** Like encodeURIComponent, but a lone surrogate (which has no UTF-8 form) goes out as the bytes of one. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

export type QueryValue = string | string[];

export function queryString(query: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The first segment after `/api/`, e.g. `projects` for `/api/projects/{id}`. */
export const resourceOf = (path: string) => path.split('/')[2] ?? '';

/** A valid value for a schema, so a call gets past validation to the code behind it. */
export function sampleValue(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'sample';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return sampleValue(branch, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [sampleValue(schema.items, name)];
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleValue(value, key)]),
    );
  // Strings by what their field holds: the schemas check these shapes beyond what JSON schema shows.
  if (/email/i.test(name)) return 'sample@example.com';
  if (/domain|url/i.test(name)) return 'sample.example.com';
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2030-01-01';
  if (schema.pattern?.includes(':')) return '10:00';
  return 'sample';
}
