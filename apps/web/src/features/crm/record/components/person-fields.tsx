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
import { formatDateTime, isValidTimeZone, splitList } from '../utils/format.ts';
import { validateField } from '../utils/validate.ts';
import { CompanyPicker } from './company-picker.tsx';
import { EditableSelect, EditableText } from './editable-fields.tsx';
import {
  FieldGroup,
  LocationGroup,
  OwnerField,
  TagsField,
  textFieldRenderer,
} from './record-fields.tsx';

const shape = personPatchSchema.shape;

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

  const text = textFieldRenderer<TextKey>({
    t,
    record: person,
    shape,
    disabled,
    save,
    check: (field, value) =>
      field === 'timeZone' && value !== '' && !isValidTimeZone(value)
        ? t('validation.timeZone')
        : null,
  });
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
        <OwnerField record={person} members={members} disabled={disabled} save={save} />
        <EditableSelect
          field="stage"
          label={t('fields.stage')}
          value={person.stage}
          options={personStages.map((value) => ({ value, label: t(`stages.${value}`) }))}
          disabled={disabled}
          onSave={(stage) => (stage ? save({ stage }) : Promise.resolve())}
        />
      </FieldGroup>

      <LocationGroup textField={text}>
        {text('timeZone', { helperText: t('hints.timeZone') })}
      </LocationGroup>

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
        <TagsField record={person} schema={shape.tags} disabled={disabled} save={save} />
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
