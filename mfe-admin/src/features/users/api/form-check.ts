/**
 * Checks a dialog's fields against the contract's schema (the same rules the server applies)
 * and words each problem for the person filling in the form.
 */

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  maximum?: number | bigint;
}

/** The part of a zod schema this needs (the contract's schemas, without importing zod here). */
interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type FormCheck<K extends string, T> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<K>; first: K };

export function checkForm<K extends string, T>(
  schema: Schema<T>,
  values: Record<K, string>,
  labels: Record<K, string>,
): FormCheck<K, T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  const order = Object.keys(labels) as K[];
  for (const issue of result.error.issues) {
    const field = issue.path[0] as K;
    if (!order.includes(field) || errors[field]) continue;
    const label = labels[field];
    if (!values[field].trim()) errors[field] = `${label} is required.`;
    else if (field === 'email') errors[field] = 'Enter a valid email address.';
    else if (issue.code === 'too_big' && issue.maximum !== undefined) {
      errors[field] = `${label} must be at most ${issue.maximum} characters.`;
    } else errors[field] = issue.message;
  }
  const first = order.find((field) => errors[field]) ?? order[0]!;
  return { ok: false, errors, first };
}
