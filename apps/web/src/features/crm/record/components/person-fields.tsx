import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  consentMethods,
  consentStatuses,
  personPatchSchema,
  personStages,
  seniorities,
  type Company,
  type Member,
  type Person,
  type PersonPatch,
} from '@beacon/contract';
import { memberName } from '../hooks/use-members.ts';
import { formatDateTime, isValidTimeZone, splitList } from '../utils/format.ts';
import { validateField } from '../utils/validate.ts';
import { CompanyPicker } from './company-picker.tsx';
import { EditableSelect, EditableTags, EditableText } from './editable-fields.tsx';

const shape = personPatchSchema.shape;

export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <Stack spacing={2} sx={{ px: 3, pb: 3, pt: 1.5 }}>
        {children}
      </Stack>
    </Card>
  );
}

export interface PersonFieldsProps {
  person: Person;
  company: Company | null;
  members: Member[];
  canEdit: boolean;
  save: (patch: PersonPatch) => Promise<void>;
}

type TextKey =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'jobTitle'
  | 'department'
  | 'city'
  | 'region'
  | 'country'
  | 'timeZone'
  | 'linkedinUrl'
  | 'source';

/** Every field of a person, grouped, each saved on its own. */
export function PersonFields({ person, company, members, canEdit, save }: PersonFieldsProps) {
  const { t, i18n } = useTranslation('records');
  const disabled = !canEdit;

  const text = (field: TextKey, extra: { helperText?: string; type?: 'email' | 'url' } = {}) => (
    <EditableText
      field={field}
      label={t(`fields.${field}`)}
      value={person[field]}
      disabled={disabled}
      validate={(value) => {
        const problem = validateField(t, field, shape[field], value);
        if (problem) return problem;
        if (field === 'timeZone' && value !== '' && !isValidTimeZone(value)) {
          return t('validation.timeZone');
        }
        return null;
      }}
      onSave={(value) => save({ [field]: value })}
      {...extra}
    />
  );
  const list = (field: 'phones' | 'additionalEmails') => (
    <EditableText
      field={field}
      label={t(`fields.${field}`)}
      value={person[field].join(', ')}
      disabled={disabled}
      helperText={t('hints.commaSeparated')}
      validate={(value) => validateField(t, field, shape[field], splitList(value))}
      onSave={(value) => save({ [field]: splitList(value) })}
    />
  );

  const consent = person.consent;
  const saveConsent = (change: Partial<Pick<Person['consent'], 'status' | 'method' | 'note'>>) =>
    save({
      consent: {
        status: change.status ?? consent.status,
        method: change.method !== undefined ? change.method : consent.method,
        note: change.note ?? consent.note,
      },
    });

  return (
    <Stack spacing={3}>
      <FieldGroup title={t('sections.contact')}>
        <Stack direction="row" spacing={2}>
          {text('firstName')}
          {text('lastName')}
        </Stack>
        {text('email', { type: 'email' })}
        {list('additionalEmails')}
        {list('phones')}
        {text('linkedinUrl', { type: 'url' })}
      </FieldGroup>

      <FieldGroup title={t('sections.job')}>
        {text('jobTitle')}
        <CompanyPicker
          value={
            person.companyId
              ? {
                  id: person.companyId,
                  name: company?.name ?? person.companyName,
                  domain: company?.domain ?? '',
                }
              : null
          }
          disabled={disabled}
          onSave={(companyId) => save({ companyId })}
        />
        <Stack direction="row" spacing={2}>
          <EditableSelect
            field="seniority"
            label={t('fields.seniority')}
            value={person.seniority}
            emptyLabel={t('hints.notSet')}
            options={seniorities.map((value) => ({ value, label: t(`seniorities.${value}`) }))}
            disabled={disabled}
            onSave={(seniority) => save({ seniority })}
          />
          {text('department')}
        </Stack>
        <EditableSelect
          field="ownerId"
          label={t('fields.ownerId')}
          value={person.ownerId}
          emptyLabel={t('hints.noOwner')}
          options={members.map((member) => ({ value: member.id, label: memberName(member) }))}
          disabled={disabled}
          onSave={(ownerId) => save({ ownerId })}
        />
        <EditableSelect
          field="stage"
          label={t('fields.stage')}
          value={person.stage}
          options={personStages.map((value) => ({ value, label: t(`stages.${value}`) }))}
          disabled={disabled}
          onSave={(stage) => (stage ? save({ stage }) : Promise.resolve())}
        />
      </FieldGroup>

      <FieldGroup title={t('sections.location')}>
        <Stack direction="row" spacing={2}>
          {text('city')}
          {text('region')}
        </Stack>
        {text('country')}
        {text('timeZone', { helperText: t('hints.timeZone') })}
      </FieldGroup>

      <FieldGroup title={t('sections.consent')}>
        <EditableSelect
          field="consent"
          label={t('fields.consentStatus')}
          value={consent.status}
          options={consentStatuses.map((value) => ({
            value,
            label: t(`consent.statuses.${value}`),
          }))}
          disabled={disabled}
          helperText={
            consent.at
              ? t('consent.summary', {
                  status: t(`consent.statuses.${consent.status}`),
                  date: formatDateTime(consent.at, i18n.language),
                })
              : t('consent.never')
          }
          onSave={(status) => (status ? saveConsent({ status }) : Promise.resolve())}
        />
        <EditableSelect
          field="consent"
          label={t('fields.consentMethod')}
          value={consent.method}
          emptyLabel={t('hints.notSet')}
          options={consentMethods.map((value) => ({ value, label: t(`consent.methods.${value}`) }))}
          disabled={disabled}
          onSave={(method) => saveConsent({ method })}
        />
        <EditableText
          field="consent"
          label={t('fields.consentNote')}
          value={consent.note}
          multiline
          disabled={disabled}
          validate={(value) => (value.length > 500 ? t('validation.tooLong', { max: 500 }) : null)}
          onSave={(note) => saveConsent({ note })}
        />
      </FieldGroup>

      <FieldGroup title={t('sections.tagsSource')}>
        <EditableTags
          field="tags"
          label={t('fields.tags')}
          value={person.tags}
          disabled={disabled}
          helperText={t('hints.tags')}
          validate={(tags) => validateField(t, 'tags', shape.tags, tags)}
          onSave={(tags) => save({ tags })}
        />
        {text('source')}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('hints.createdUpdated', {
            created: formatDateTime(person.createdAt, i18n.language),
            updated: formatDateTime(person.updatedAt, i18n.language),
          })}
        </Typography>
      </FieldGroup>
    </Stack>
  );
}
