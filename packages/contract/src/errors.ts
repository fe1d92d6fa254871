import { z } from './z.ts';

/** Every error the API answers has this body. */
export const errorBodySchema = z
  .object({
    detail: z.string(),
    code: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Machine codes the API uses; the web maps them to messages. */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'DUPLICATE_EMAIL',
  'EDIT_CONFLICT',
  'STAGE_NOT_EMPTY',
  'PIPELINE_NOT_EMPTY',
  'DEFAULT_PIPELINE',
  'LAST_STAGE',
  'INVITATION_INVALID',
  'ACCOUNT_EXISTS',
  'ALREADY_INVITED',
  'LAST_ADMIN',
  'INVALID_CODE',
  'MFA_REQUIRED',
  'INVALID_MFA_CODE',
  'PAYLOAD_TOO_LARGE',
  'QUOTA_EXCEEDED',
  'LINK_PASSWORD_REQUIRED',
  'LINK_PASSWORD_WRONG',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'NOT_READY',
  'INTERNAL',
  'MAILBOX_CONNECTION_FAILED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
