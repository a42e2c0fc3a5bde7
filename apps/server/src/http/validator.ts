import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors.ts';

type Def = { type: string; in?: z.ZodType; options?: readonly z.ZodType[] };

/** True when the schema accepts only objects (a `z.object`, refined, piped, or a union of them). */
function wantsObject(schema: z.ZodType): boolean {
  const def = schema._zod.def as Def;
  if (def.type === 'object') return true;
  if (def.type === 'pipe' && def.in) return wantsObject(def.in);
  if (def.type === 'union' && def.options) return def.options.every(wantsObject);
  return false;
}

const isPlainObject = (data: unknown) => typeof data === 'object' && data !== null && !Array.isArray(data);

/**
 * Like fastify-type-provider-zod's compiler, but keeps zod's issues whole so they can be localized.
 * A body that is not an object (`null`, a list, a bare value) is refused before parsing: zod still runs
 * an object's refinements (`when: () => true`) on such input, and they would read fields of `null`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const objectOnly = httpPart === 'body' && wantsObject(schema);
  return (data) => {
    if (objectOnly && !isPlainObject(data)) {
      const issue = {
        code: 'invalid_type',
        expected: 'object',
        input: data,
        path: [],
        message: 'validation.body',
      };
      return { error: new RequestValidationError([issue as z.core.$ZodIssue]) };
    }
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    // A query string answers its first broken parameter only, as the hand-written readers it
    // replaced did (they stopped at the first): a client fixes its link one parameter at a time.
    const issues = httpPart === 'querystring' ? result.error.issues.slice(0, 1) : result.error.issues;
    return { error: new RequestValidationError(issues) };
  };
};
