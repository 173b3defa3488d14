/**
 * Sealed mail secrets. A mail job that carries a secret (a password reset's link, an invitation's
 * temporary password) carries it sealed with AES-256-GCM under MAIL_SECRET_KEY: the service that
 * queues the mail seals it, the mailer opens it, and the queue board and Redis show neither.
 * Each secret is bound to its job's template, field and recipient (the cipher's additional data),
 * so a sealed value copied into another job, or a job readdressed, does not open.
 *
 * The key: MAIL_SECRET_KEY (32 bytes as 64 hex digits or base64), required in production; in
 * development, with none given, one is generated once into the data folder (DATA_DIR/keys, as the
 * JWT keys) and read by every service from then on.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SEALED_PREFIX, SECRET_REMOVED, type MailJob } from '@teamapp/contracts';
import { z } from 'zod';
import {
  ensureDevSecretKey,
  parseSecretKey,
  resolveSecretKey,
  secretKeyInvalid,
  secretKeyRequired,
} from './secret-keys';

/** Configuration keys of a service that seals or opens mail secrets (auth, the mailer). */
export const mailSecretConfigShape = {
  /** 32 random bytes as 64 hex digits or base64 (`openssl rand -base64 32`). */
  MAIL_SECRET_KEY: z.string().optional(),
};

const NAME = 'MAIL_SECRET_KEY';
const FILE = 'mail-secret.key';
export const MAIL_SECRET_KEY_REQUIRED = secretKeyRequired(NAME);
export const MAIL_SECRET_KEY_INVALID = secretKeyInvalid(NAME);

/** Why a sealed secret could not be opened: another key, or the job was altered. */
export class MailSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailSecretError';
  }
}

/** The fields that hold a secret, per mail template. */
const SECRET_FIELDS = { 'password-reset': 'resetUrl', invitation: 'tempPassword' } as const;
type SecretTemplate = keyof typeof SECRET_FIELDS;

const secretFieldOf = (mail: MailJob): string | undefined =>
  SECRET_FIELDS[mail.template as SecretTemplate];

export const parseMailSecretKey = (text: string): Buffer => parseSecretKey(NAME, text);

/** Reads the development key from dataDir/keys, creating it first if missing. */
export const ensureDevMailSecretKey = (dataDir: string): Buffer =>
  ensureDevSecretKey(NAME, dataDir, FILE);

export const resolveMailSecretKey = (options: { key?: string; nodeEnv: string; dataDir: string }) =>
  resolveSecretKey({ name: NAME, file: FILE, ...options });

const b64 = (buffer: Buffer) => buffer.toString('base64url');

export interface MailSecrets {
  /** The mail as it may be queued: its secret field (if its template has one) sealed. */
  seal(mail: MailJob): MailJob;
  /**
   * The mail with its secret in plain text, to render and send. Throws MailSecretError when the
   * secret does not open (another key, an altered job) or was already removed.
   */
  open(mail: MailJob): MailJob;
  /** The mail with its secret replaced by SECRET_REMOVED (kept after sending, or failing). */
  withoutSecret(mail: MailJob): MailJob;
  /** Whether the mail still carries a secret that withoutSecret would remove. */
  hasSecret(mail: MailJob): boolean;
}

export function createMailSecrets(key: Buffer): MailSecrets {
  if (key.length !== 32) throw new Error(MAIL_SECRET_KEY_INVALID);
  const boundTo = (mail: MailJob, field: string) =>
    Buffer.from(`teamapp-mail:${mail.template}:${field}:${mail.to}`, 'utf8');
  const fieldValue = (mail: MailJob, field: string) =>
    String((mail as Record<string, unknown>)[field]);

  return {
    seal(mail) {
      const field = secretFieldOf(mail);
      if (!field) return mail;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(boundTo(mail, field));
      const sealed = Buffer.concat([
        cipher.update(fieldValue(mail, field), 'utf8'),
        cipher.final(),
      ]);
      const value = `${SEALED_PREFIX}${b64(iv)}.${b64(sealed)}.${b64(cipher.getAuthTag())}`;
      return { ...mail, [field]: value } as MailJob;
    },
    open(mail) {
      const field = secretFieldOf(mail);
      if (!field) return mail;
      const value = fieldValue(mail, field);
      if (value === SECRET_REMOVED) {
        throw new MailSecretError(
          `the ${field} of this ${mail.template} mail was removed once it was sent or failed for good; ` +
            'ask for a new one instead of retrying this job',
        );
      }
      const [iv = '', sealed = '', tag = ''] = value.slice(SEALED_PREFIX.length).split('.');
      try {
        if (!value.startsWith(SEALED_PREFIX)) throw new Error('not sealed');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(boundTo(mail, field));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(sealed, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
        return { ...mail, [field]: plain } as MailJob;
      } catch {
        throw new MailSecretError(
          `the sealed ${field} of this ${mail.template} mail does not open: MAIL_SECRET_KEY ` +
            "differs from the sender's, or the job was altered",
        );
      }
    },
    withoutSecret(mail) {
      const field = secretFieldOf(mail);
      return field ? ({ ...mail, [field]: SECRET_REMOVED } as MailJob) : mail;
    },
    hasSecret(mail) {
      const field = secretFieldOf(mail);
      return !!field && fieldValue(mail, field) !== SECRET_REMOVED;
    },
  };
}

/** The mail secrets of a service, from its configuration (see resolveMailSecretKey). */
export const mailSecretsFrom = (config: {
  MAIL_SECRET_KEY?: string;
  NODE_ENV: string;
  DATA_DIR: string;
}) =>
  createMailSecrets(
    resolveMailSecretKey({
      key: config.MAIL_SECRET_KEY,
      nodeEnv: config.NODE_ENV,
      dataDir: config.DATA_DIR,
    }),
  );
