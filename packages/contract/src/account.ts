import { z } from './z.ts';
import { emailSchema, passwordSchema, PASSWORD_MAX } from './auth.ts';
import { id } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { notificationKindSchema } from './notifications.ts';

// Account and security (issue 10, docs/decisions/046-account-and-security.md): a member's own
// profile, password, sessions, two-factor sign-in, notification choices and e-mail change. Every
// route acts on the caller's own account only, so any member, viewers included, may call them.

/** The interface languages (the web's `LANGUAGES`), as a member may pin one. */
export const accountLanguages = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export const accountLanguageSchema = z.enum(accountLanguages);

export const PHONE_MAX = 32;
export const SIGNATURE_MAX = 2000;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const nameField = z.string().trim().min(1, { message: 'Required' }).max(100);

/** GET /api/account: the caller's own account, as the account page shows it. */
export const accountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** E.164, or null. */
    phone: z.string().nullable(),
    timeZone: z.string().nullable(),
    language: accountLanguageSchema.nullable(),
    emailSignature: z.string(),
    twoFactorEnabled: z.boolean(),
    /** Recovery codes not used yet (0 without two-factor sign-in). */
    recoveryCodesLeft: z.number().int(),
    /** The address waiting for its confirmation link, if any. */
    pendingEmail: z.string().nullable(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

/**
 * PATCH /api/account: the General tab. The phone is checked by the server with libphonenumber-js
 * (an international number, `+` and country code, or empty to remove it); the web checks it
 * with the same library before sending.
 */
export const accountChangeSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    phone: z.string().trim().max(PHONE_MAX),
    timeZone: z
      .string()
      .max(64)
      .refine((zone) => zone === '' || isTimeZone(zone), {
        message: 'Not a time zone (use an IANA name such as Europe/Paris)',
      }),
    language: z.union([accountLanguageSchema, z.literal('')]),
    emailSignature: z.string().max(SIGNATURE_MAX),
  })
  .partial()
  .strict()
  .meta({ id: 'AccountChange' });
export type AccountChange = z.infer<typeof accountChangeSchema>;

/** POST /api/account/password: the current password, then the new one. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'Required' }).max(PASSWORD_MAX),
    newPassword: passwordSchema,
  })
  .strict()
  .meta({ id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** One signed-in device: the browser and system read from its User-Agent. */
export const accountSessionSchema = z
  .object({
    id: z.string(),
    /** "Firefox 133", or null when the agent says nothing known. */
    browser: z.string().nullable(),
    /** "macOS 15.1", "Android 14"... */
    os: z.string().nullable(),
    /** `desktop`, `mobile`, `tablet`, or null. */
    deviceType: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    /** The session of the token that asked. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z
  .object({ items: z.array(accountSessionSchema) })
  .meta({ id: 'AccountSessionList' });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const accountSessionParamsSchema = z.object({ id: id('session') });

export const revokedSessionsSchema = z
  .object({ revoked: z.number().int() })
  .meta({ id: 'RevokedSessions' });

/** A six-digit authenticator code. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code' });

/** POST /api/account/two-factor/setup: a new secret, to scan or type into the app. */
export const twoFactorSetupSchema = z
  .object({
    /** Base32, for typing by hand. */
    secret: z.string(),
    /** The otpauth:// URI the QR code holds. */
    uri: z.string(),
    /** The QR code as an SVG data URL, drawn by the server (nothing leaves it). */
    qrCode: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableSchema = z
  .object({ code: totpCodeSchema })
  .strict()
  .meta({ id: 'TwoFactorEnable' });
export type TwoFactorEnable = z.infer<typeof twoFactorEnableSchema>;

/** The ten one-time recovery codes, shown once. */
export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning two-factor sign-in off, or making new recovery codes, asks for the password. */
export const passwordConfirmSchema = z
  .object({ password: z.string().min(1, { message: 'Required' }).max(PASSWORD_MAX) })
  .strict()
  .meta({ id: 'PasswordConfirm' });
export type PasswordConfirm = z.infer<typeof passwordConfirmSchema>;

/** One kind of notification: in the app, by e-mail. */
export const notificationPreferenceSchema = z
  .object({ kind: notificationKindSchema, inApp: z.boolean(), email: z.boolean() })
  .strict()
  .meta({ id: 'NotificationPreference' });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z
  .object({ items: z.array(notificationPreferenceSchema).max(50) })
  .strict()
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** POST /api/account/email: the new address, and the password to prove it is you. */
export const emailChangeRequestSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1, { message: 'Required' }).max(PASSWORD_MAX),
  })
  .strict()
  .meta({ id: 'EmailChangeRequest' });
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** POST /api/account/email/confirm: the token of the link sent to the new address. */
export const emailChangeConfirmSchema = z
  .object({ token: z.string().trim().min(20).max(200) })
  .strict()
  .meta({ id: 'EmailChangeConfirm' });
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>;

const accountMessageSchema = z.object({ detail: z.string() }).meta({ id: 'AccountMessage' });

/** The account API (`apps/server/src/modules/account/account.routes.ts`). */
export const accountEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/account',
    summary: 'Your own account',
    response: accountSchema,
  }),
  change: endpoint({
    method: 'PATCH',
    path: '/api/account',
    summary: 'Change your name, phone, time zone, language or e-mail signature',
    body: accountChangeSchema,
    response: accountSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/account/password',
    summary: 'Change your password; your other sessions are signed out',
    body: passwordChangeSchema,
    status: 204,
    response: null,
    errors: [429],
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/account/sessions',
    summary: 'Your signed-in devices',
    response: accountSessionListSchema,
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    summary: 'Sign one of your devices out (this one too: that is signing out)',
    params: accountSessionParamsSchema,
    status: 204,
    response: null,
  }),
  revokeOtherSessions: endpoint({
    method: 'POST',
    path: '/api/account/sessions/revoke-others',
    summary: 'Sign every other device out, keeping this one',
    response: revokedSessionsSchema,
  }),
  twoFactorSetup: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/setup',
    summary: 'Start turning on two-factor sign-in: a new authenticator secret',
    status: 201,
    response: twoFactorSetupSchema,
    errors: [409],
  }),
  twoFactorEnable: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/enable',
    summary: 'Turn on two-factor sign-in with a code from the app; answers the recovery codes',
    body: twoFactorEnableSchema,
    response: recoveryCodesSchema,
    errors: [409],
  }),
  recoveryCodes: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/recovery-codes',
    summary: 'Replace your recovery codes with ten new ones (asks for the password)',
    body: passwordConfirmSchema,
    response: recoveryCodesSchema,
    errors: [409],
  }),
  twoFactorDisable: endpoint({
    method: 'POST',
    path: '/api/account/two-factor/disable',
    summary: 'Turn off two-factor sign-in (asks for the password)',
    body: passwordConfirmSchema,
    status: 204,
    response: null,
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/api/account/notifications',
    summary: 'Which events notify you, in the app and by e-mail',
    response: notificationPreferencesSchema,
  }),
  setNotifications: endpoint({
    method: 'PUT',
    path: '/api/account/notifications',
    summary: 'Choose which events notify you, in the app and by e-mail',
    body: notificationPreferencesSchema,
    response: notificationPreferencesSchema,
  }),
  changeEmail: endpoint({
    method: 'POST',
    path: '/api/account/email',
    summary: 'Change your e-mail address: a confirmation link goes to the new one',
    body: emailChangeRequestSchema,
    status: 202,
    response: accountMessageSchema,
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/account/email/confirm',
    summary: 'Confirm a new e-mail address with the token of its link',
    body: emailChangeConfirmSchema,
    response: accountSchema,
  }),
};
