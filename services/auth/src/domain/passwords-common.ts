/**
 * Common and breached passwords are refused as new passwords, whatever the rules say: the list is
 * the one @zxcvbn-ts/language-common ships (about 49,000 of the passwords seen most often in
 * public breaches), read from the installed package, so nothing is fetched at run time. The check
 * ignores case, and also refuses a listed word with only digits and symbols added before or after
 * it ("Password1!", "Summer2024!"), the usual way such a password is made to pass the rules.
 */
import { COMMON_PASSWORD_HINT } from '@teamapp/contracts';
import { AppError } from '@teamapp/service-kit';
import { dictionary } from '@zxcvbn-ts/language-common';

let common: ReadonlySet<string> | undefined;
const commonPasswords = () =>
  (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

/** Words this short are in the list, but a password built on one is not refused for it. */
const MIN_BASE_WORD = 4;

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return true;
  const word = lower.replace(/^[^\p{L}]+/u, '').replace(/[^\p{L}]+$/u, '');
  return word.length >= MIN_BASE_WORD && commonPasswords().has(word);
}

/** 400 with the form's own refusal text and a hint saying why, when the password is common. */
export function refuseCommonPassword(password: string, message: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('common_password', message, 400, field, COMMON_PASSWORD_HINT);
  }
}
