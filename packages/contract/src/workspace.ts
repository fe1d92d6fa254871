import { z } from './z.ts';
import { endpoint } from './endpoint.ts';
import { currencyField } from './deals.ts';

// ---------------------------------------------------------------------------------------------
// The workspace's settings (admin panel, issue 10): name, logo, default currency and time zone.

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZoneName(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The logo: PNG, JPEG, GIF or WebP (checked by the file's bytes), up to 1 MB. */
export const WORKSPACE_LOGO_MAX_BYTES = 1024 * 1024;
export const workspaceLogoTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const workspaceSettingsSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    defaultCurrency: z.string(),
    timeZone: z.string(),
    /** The logo's address with its version (changes when it does); null without a logo. */
    logoUrl: z.string().nullable(),
    /**
     * Open and click tracking of sent mail (off by default): a pixel and links through Beacon's
     * `/t/…` addresses; opens are estimates (docs/decisions/061-conversations.md).
     */
    emailTracking: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WorkspaceSettings' });
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

export const workspaceFields = {
  name: z.string().trim().min(1, { message: 'Required' }).max(100),
  defaultCurrency: currencyField,
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZoneName, { message: 'Not a time zone (use an IANA name such as Europe/Paris)' }),
  emailTracking: z.boolean(),
};
export const workspacePatchSchema = z
  .object(workspaceFields)
  .partial()
  .meta({ id: 'WorkspaceSettingsPatch' });
export type WorkspacePatch = z.input<typeof workspacePatchSchema>;

export const workspaceLogoQuerySchema = z.object({ v: z.string().max(40).optional() });

export const workspaceEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/workspace',
    summary: "The workspace's settings: name, logo, default currency and time zone",
    response: workspaceSettingsSchema,
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/api/workspace',
    summary: "Change the workspace's name, default currency or time zone (admins)",
    body: workspacePatchSchema,
    response: workspaceSettingsSchema,
  }),
  uploadLogo: endpoint({
    method: 'PUT',
    path: '/api/workspace/logo',
    summary: 'Set the logo (admins; body: a PNG, JPEG, GIF or WebP image of up to 1 MB)',
    response: workspaceSettingsSchema,
    errors: [413, 415],
  }),
  logo: endpoint({
    method: 'GET',
    path: '/api/workspace/logo',
    summary: "The workspace's logo image",
    query: workspaceLogoQuerySchema,
    response: null,
  }),
  removeLogo: endpoint({
    method: 'DELETE',
    path: '/api/workspace/logo',
    summary: 'Remove the logo (admins)',
    response: workspaceSettingsSchema,
  }),
};
