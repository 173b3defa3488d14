/**
 * Words the contract schema's problems for the person filling in a dialog (the schema is the
 * one the server applies; its own messages name the API's fields).
 */
import type { FormIssue } from '@teamapp/ui';

/** A `describeIssue` for useApiForm: "<Label> is required.", a plain email hint, the limit. */
export function describeFor<K extends string>(labels: Record<K, string>) {
  return (issue: FormIssue, values: object): string => {
    const field = issue.path as K;
    const label = labels[field];
    if (label === undefined) return issue.message;
    const value = (values as Record<string, unknown>)[field];
    if (typeof value === 'string' && !value.trim()) return `${label} is required.`;
    if (field === 'email') return 'Enter a valid email address.';
    if (issue.code === 'too_big' && issue.maximum !== undefined) {
      return `${label} must be at most ${issue.maximum} characters.`;
    }
    return issue.message;
  };
}
