/**
 * The one way a screen builds a form that calls the API: @mantine/form holds the values and the
 * errors, the request's schema from @teamapp/contracts checks them before anything is sent (the
 * same rules the server applies), and a failed call lands where the person can act on it.
 *
 * - Submitting checks the values; the first field at fault (in the order of `initialValues`)
 *   receives focus and nothing is sent.
 * - While the call runs, `pending` is true and a second submit is ignored.
 * - A refusal naming one of the form's fields (`field` in the API's error body) is shown under
 *   that field: the server's `hint` when it sent one (then its `error` is the form-level text),
 *   else its `error`. Anything else is the form-level error. A field's error goes when it is edited.
 * - `errorRegion` and `successRegion` are live regions (mounted throughout) that announce the
 *   outcome; a refusal shown only under a field is announced without being shown twice.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, VisuallyHidden, type AlertProps } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { errorField, errorHint, userMessage } from '@teamapp/api-client';
import { LiveRegion } from '../a11y/live-region';

/** A form's values: an object of fields (the same constraint as @mantine/form's). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormValues = Record<string, any>;

/** One problem the schema found, with what zod adds to a Standard Schema issue when present. */
export interface FormIssue {
  /** The field's path, e.g. "email" or "links.0.url". */
  path: string;
  message: string;
  code?: string;
  maximum?: number | bigint;
}

type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
      }>;
    };

/** A Standard Schema (every zod schema of @teamapp/contracts is one). */
export interface FormSchema<Output> {
  readonly '~standard': {
    validate(value: unknown): StandardResult<Output> | Promise<StandardResult<Output>>;
  };
}

export interface ApiFormOptions<Values extends FormValues, Output, Result> {
  initialValues: Values;
  /** The request's schema; its parsed output is what `submit` receives. */
  schema?: FormSchema<Output>;
  /** Words a schema problem for the person filling in the form (default: the schema's message). */
  describeIssue?: (issue: FormIssue, values: Values) => string;
  /** Rules of the form itself that the request's schema does not know. */
  validate?: (values: Values) => FormErrors;
  /** The call: with the schema's output (the values themselves without a schema). */
  submit: (data: Output, values: Values) => Promise<Result>;
  /** Text announced (and shown by `successRegion`) after the call succeeded. */
  successMessage?: string | ((result: Result) => string);
  onSuccess?: (result: Result, values: Values) => void;
  /** The form-level text of a failure (default: the server's text, else one by status). */
  errorMessage?: (error: unknown) => string;
  /**
   * Whether a refusal naming a field is shown under that field (the default), or as the
   * form-level error like any other (a page that says every outcome in one place).
   */
  serverErrorsOnFields?: boolean;
}

export interface ApiForm<Values extends FormValues> {
  form: UseFormReturnType<Values>;
  /** For `<form onSubmit>`: checks, then calls. */
  onSubmit: (event?: FormEvent) => void;
  pending: boolean;
  formError: string | null;
  success: string | null;
  /** Sets or clears the form-level error (e.g. a check made outside the form). */
  setFormError: (text: string | null) => void;
  /** Back to the initial values, without errors or messages. */
  reset: () => void;
  /** The urgent live region with the form-level error in a red Alert. */
  errorRegion: (props?: Omit<AlertProps, 'children'>) => ReactNode;
  /** The polite live region with the success message in a green Alert. */
  successRegion: (props?: Omit<AlertProps, 'children'>) => ReactNode;
}

function pathOf(path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined) {
  return (path ?? []).map((s) => String(typeof s === 'object' ? s.key : s)).join('.');
}

/** The schema's problems as form errors, the first per field, each worded by `describe`. */
function schemaErrors<Values extends FormValues>(
  schema: FormSchema<unknown>,
  values: Values,
  describe: (issue: FormIssue, values: Values) => string,
): FormErrors {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('useApiForm needs a synchronous schema');
  const errors: FormErrors = {};
  for (const issue of result.issues ?? []) {
    const raw = issue as typeof issue & { code?: unknown; maximum?: unknown };
    const path = pathOf(issue.path);
    if (errors[path]) continue;
    errors[path] = describe(
      {
        path,
        message: issue.message,
        ...(typeof raw.code === 'string' ? { code: raw.code } : {}),
        ...(typeof raw.maximum === 'number' || typeof raw.maximum === 'bigint'
          ? { maximum: raw.maximum }
          : {}),
      },
      values,
    );
  }
  return errors;
}

export function useApiForm<Values extends FormValues, Output = Values, Result = unknown>(
  options: ApiFormOptions<Values, Output, Result>,
): ApiForm<Values> {
  const { schema, describeIssue, validate: extra } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  /** A refusal shown only under its field, still to be announced. */
  const [fieldAnnouncement, setFieldAnnouncement] = useState<string | null>(null);
  const running = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values: Values) => {
      let errors: FormErrors = {};
      if (schema) {
        errors = describeIssue
          ? schemaErrors(schema, values, describeIssue)
          : schemaResolver(schema as unknown as Parameters<typeof schemaResolver>[0], {
              sync: true,
            })(values);
      }
      return { ...(extra?.(values) ?? {}), ...errors };
    },
  });

  const fields = Object.keys(options.initialValues);

  function focusFirst(errors: FormErrors) {
    const first = fields.find((field) => errors[field]) ?? Object.keys(errors)[0];
    if (first) form.getInputNode(first)?.focus();
  }

  async function run(values: Values) {
    const { submit, successMessage, onSuccess, errorMessage } = latest.current;
    const serverErrorsOnFields = latest.current.serverErrorsOnFields ?? true;
    let data = values as unknown as Output;
    if (schema) {
      const parsed = schema['~standard'].validate(values);
      if (!(parsed instanceof Promise) && parsed.issues === undefined) data = parsed.value;
    }
    try {
      const result = await submit(data, values);
      const text = typeof successMessage === 'function' ? successMessage(result) : successMessage;
      setSuccess(text ?? null);
      onSuccess?.(result, values);
    } catch (error) {
      const field = errorField(error);
      const hint = errorHint(error);
      const text = errorMessage ? errorMessage(error) : userMessage(error);
      if (field && fields.includes(field) && serverErrorsOnFields) {
        form.setFieldError(field, hint ?? text);
        if (hint) setFormError(text);
        else setFieldAnnouncement(text);
        form.getInputNode(field)?.focus();
      } else {
        setFormError(text);
      }
    }
  }

  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    if (running.current) return;
    setFormError(null);
    setSuccess(null);
    setFieldAnnouncement(null);
    running.current = true;
    form.onSubmit(
      (values) =>
        run(values).finally(() => {
          running.current = false;
        }),
      (errors) => {
        running.current = false;
        // A rule about the whole request (no field) is the form's error.
        const whole = errors[''];
        if (typeof whole === 'string') setFormError(whole);
        focusFirst(errors);
      },
    )();
  };

  function reset() {
    form.reset();
    setFormError(null);
    setSuccess(null);
    setFieldAnnouncement(null);
  }

  return {
    form,
    onSubmit,
    pending: form.submitting,
    formError,
    success,
    setFormError,
    reset,
    errorRegion: (props) => (
      <LiveRegion urgent>
        {formError ? (
          <Alert color="red" {...props}>
            {formError}
          </Alert>
        ) : (
          fieldAnnouncement && <VisuallyHidden>{fieldAnnouncement}</VisuallyHidden>
        )}
      </LiveRegion>
    ),
    successRegion: (props) => (
      <LiveRegion>
        {success && (
          <Alert color="green" {...props}>
            {success}
          </Alert>
        )}
      </LiveRegion>
    ),
  };
}
