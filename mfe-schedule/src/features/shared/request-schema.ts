/**
 * A form's check made of its request's schema from @teamapp/contracts, so the page applies the
 * rules the server applies (reference §5): the form's values are turned into the request, the
 * contract's schema parses it, and each problem lands on the field the person edits (a request
 * path such as `eventDate` or `recurrence.count` named by the form's own field). Its output, the
 * parsed request, is what useApiForm hands to `submit`.
 */
import type { FormSchema } from '@teamapp/ui';

type Path = ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;

/** `path` as plain keys: ["recurrence", "count"]. */
const keysOf = (path: Path | undefined): PropertyKey[] =>
  (path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));

export function requestSchema<Values, Request, Output>(
  schema: FormSchema<Output>,
  toRequest: (values: Values) => Request,
  fieldOf: (path: PropertyKey[]) => PropertyKey[] = (path) => path,
): FormSchema<Output> {
  return {
    '~standard': {
      validate(values: unknown) {
        const result = schema['~standard'].validate(toRequest(values as Values));
        if (result instanceof Promise) throw new Error('requestSchema needs a synchronous schema');
        if (result.issues === undefined) return result;
        return {
          issues: result.issues.map((issue) => ({ ...issue, path: fieldOf(keysOf(issue.path)) })),
        };
      },
    },
  };
}
