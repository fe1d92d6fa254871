import { z } from './z.ts';
import { endpoint } from './endpoint.ts';
import { id } from './fields.ts';

// ---------------------------------------------------------------------------------------------
// E-mail templates and snippets (contributor panel, issue 10), used by mail and sequences later.

export const templateKinds = ['template', 'snippet'] as const;
export const templateKindSchema = z.enum(templateKinds);
export type TemplateKind = z.infer<typeof templateKindSchema>;

/** The variables a body or subject may hold, as `{{firstName}}`; mail fills them when it sends. */
export const templateVariables = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'jobTitle',
  'companyName',
  'senderFirstName',
  'senderLastName',
  'senderEmail',
  'workspaceName',
] as const;
export type TemplateVariable = (typeof templateVariables)[number];

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables `text` names that are not known (each once, in order). */
export function unknownTemplateVariables(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1] ?? '';
    if (!(templateVariables as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

const knownVariables = (text: string) => unknownTemplateVariables(text).length === 0;
const variablesMessage = `Unknown variable: use ${templateVariables.map((v) => `{{${v}}}`).join(', ')}`;

export const TEMPLATE_BODY_MAX = 20_000;

export const templateFields = {
  kind: templateKindSchema,
  name: z.string().trim().min(1, { message: 'Required' }).max(100),
  subject: z.string().trim().max(200).refine(knownVariables, { message: variablesMessage }),
  body: z
    .string()
    .max(TEMPLATE_BODY_MAX)
    .refine((body) => body.trim().length > 0, { message: 'Required' })
    .refine(knownVariables, { message: variablesMessage }),
};

export const emailTemplateSchema = z
  .object({
    id: z.string(),
    kind: templateKindSchema,
    name: z.string(),
    subject: z.string(),
    body: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplatesSchema = z.array(emailTemplateSchema).meta({ id: 'EmailTemplates' });

export const newTemplateSchema = z
  .object({ ...templateFields, subject: templateFields.subject.default('') })
  .meta({ id: 'NewEmailTemplate' });
export type NewTemplate = z.input<typeof newTemplateSchema>;
export const templatePatchSchema = z
  .object(templateFields)
  .omit({ kind: true })
  .partial()
  .meta({ id: 'EmailTemplatePatch' });
export type TemplatePatch = z.input<typeof templatePatchSchema>;
export const templateParamsSchema = z.object({ id: id('template') });
export const templatesQuerySchema = z.object({ kind: templateKindSchema.optional() });

export const templatesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/templates',
    summary: "The workspace's e-mail templates and snippets, by name",
    query: templatesQuerySchema,
    response: emailTemplatesSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/templates',
    summary: 'Add an e-mail template or snippet (admins and contributors)',
    body: newTemplateSchema,
    status: 201,
    response: emailTemplateSchema,
    errors: [409],
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/api/templates/:id',
    summary: 'Change an e-mail template or snippet (admins and contributors)',
    params: templateParamsSchema,
    body: templatePatchSchema,
    response: emailTemplateSchema,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/templates/:id',
    summary: 'Delete an e-mail template or snippet (admins and contributors)',
    params: templateParamsSchema,
    status: 204,
    response: null,
  }),
};

/** What fills a template's variables; a variable without a value stays as written. */
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

/**
 * A template's subject or body with its known variables filled (`{{ firstName }}` → `Ada`).
 * Variables with no value, and names that are not variables, are left as written, so the writer
 * sees what is still to fill. Pure: the web fills templates at compose time with it.
 */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (whole, raw: string) => {
    const name = raw.trim();
    if (!(templateVariables as readonly string[]).includes(name)) return whole;
    const value = values[name as TemplateVariable];
    return value === undefined ? whole : value;
  });
}

/** The values a recipient (a person of the CRM) and the sender give a template. */
export function templateValuesFor(input: {
  person?: {
    firstName: string;
    lastName: string;
    email: string;
    jobTitle: string;
    companyName: string;
  } | null;
  sender?: { firstName: string; lastName: string; email: string } | null;
  workspaceName?: string | null;
}): TemplateValues {
  const values: TemplateValues = {};
  const set = (name: TemplateVariable, value: string | undefined | null) => {
    if (value && value.trim()) values[name] = value.trim();
  };
  const { person, sender } = input;
  if (person) {
    set('firstName', person.firstName);
    set('lastName', person.lastName);
    set('fullName', `${person.firstName} ${person.lastName}`);
    set('email', person.email);
    set('jobTitle', person.jobTitle);
    set('companyName', person.companyName);
  }
  if (sender) {
    set('senderFirstName', sender.firstName);
    set('senderLastName', sender.lastName);
    set('senderEmail', sender.email);
  }
  set('workspaceName', input.workspaceName);
  return values;
}
