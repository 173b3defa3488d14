/**
 * A form schema for useApiForm that checks the request a form will send, not its raw values:
 * the contract's schema applied to `toRequest(values)` (trimmed text, a blank made "transparent",
 * only the changed fields...), so the form refuses exactly what the server would. A problem's
 * path is the request's; `fieldOf` turns it into the form field it belongs to when they differ
 * ("" for the form as a whole: useApiForm shows that as the form's error).
 * When `toRequest` answers undefined there is nothing to send and nothing to check (`submit`
 * then receives undefined).
 */
import type { FormSchema } from './use-api-form';

type Segment = PropertyKey | { readonly key: PropertyKey };

function segments(path: ReadonlyArray<Segment> | undefined): string[] {
  return (path ?? []).map((s) => String(typeof s === 'object' ? s.key : s));
}

export function requestSchema<Values, Request, Output>(
  schema: FormSchema<Output>,
  toRequest: (values: Values) => Request,
  fieldOf?: (requestPath: string, issue: { message: string; code?: unknown }) => string,
): FormSchema<undefined extends Request ? Output | undefined : Output> {
  return {
    '~standard': {
      validate(value: unknown) {
        const request = toRequest(value as Values);
        if (request === undefined) return { value: undefined as never };
        const result = schema['~standard'].validate(request);
        if (result instanceof Promise) throw new Error('requestSchema needs a synchronous schema');
        if (result.issues === undefined) return result as { value: never };
        if (!fieldOf) return result;
        return {
          issues: result.issues.map((issue) => {
            const field = fieldOf(segments(issue.path).join('.'), issue);
            return { ...issue, path: field ? field.split('.') : [] };
          }),
        };
      },
    },
  };
}
