import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import {
  companyPatchSchema,
  companySizes,
  revenueRanges,
  type Company,
  type CompanyPatch,
  type Member,
} from '@beacon/contract';
import { memberName } from '../hooks/use-members.ts';
import { isolateLtr } from '../utils/format.ts';
import { validateField } from '../utils/validate.ts';
import { EditableSelect, EditableTags, EditableText } from './editable-fields.tsx';
import { FieldGroup } from './person-fields.tsx';

const shape = companyPatchSchema.shape;

type TextKey =
  'name' | 'domain' | 'industry' | 'city' | 'region' | 'country' | 'description' | 'linkedinUrl';

export interface CompanyFieldsProps {
  company: Company;
  members: Member[];
  canEdit: boolean;
  save: (patch: CompanyPatch) => Promise<void>;
}

/** Every field of a company, grouped, each saved on its own. */
export function CompanyFields({ company, members, canEdit, save }: CompanyFieldsProps) {
  const { t } = useTranslation('records');
  const disabled = !canEdit;
  const text = (field: TextKey, extra: { multiline?: boolean; type?: 'url' } = {}) => (
    <EditableText
      field={field}
      label={t(`fields.${field}`)}
      value={company[field]}
      disabled={disabled}
      validate={(value) => validateField(t, field, shape[field], value)}
      onSave={(value) => save({ [field]: value })}
      {...extra}
    />
  );
  return (
    <Stack spacing={3}>
      <FieldGroup title={t('sections.details')}>
        {text('name')}
        {text('domain')}
        {text('industry')}
        <Stack direction="row" spacing={2}>
          <EditableSelect
            field="size"
            label={t('fields.size')}
            value={company.size}
            emptyLabel={t('hints.notSet')}
            options={companySizes.map((value) => ({ value, label: isolateLtr(value) }))}
            disabled={disabled}
            onSave={(size) => save({ size })}
          />
          <EditableSelect
            field="revenueRange"
            label={t('fields.revenueRange')}
            value={company.revenueRange}
            emptyLabel={t('hints.notSet')}
            options={revenueRanges.map((value) => ({ value, label: isolateLtr(value) }))}
            disabled={disabled}
            onSave={(revenueRange) => save({ revenueRange })}
          />
        </Stack>
        <EditableSelect
          field="ownerId"
          label={t('fields.ownerId')}
          value={company.ownerId}
          emptyLabel={t('hints.noOwner')}
          options={members.map((member) => ({ value: member.id, label: memberName(member) }))}
          disabled={disabled}
          onSave={(ownerId) => save({ ownerId })}
        />
        {text('linkedinUrl', { type: 'url' })}
        {text('description', { multiline: true })}
      </FieldGroup>
      <FieldGroup title={t('sections.location')}>
        <Stack direction="row" spacing={2}>
          {text('city')}
          {text('region')}
        </Stack>
        {text('country')}
      </FieldGroup>
      <FieldGroup title={t('sections.tagsSource')}>
        <EditableTags
          field="tags"
          label={t('fields.tags')}
          value={company.tags}
          disabled={disabled}
          helperText={t('hints.tags')}
          validate={(tags) => validateField(t, 'tags', shape.tags, tags)}
          onSave={(tags) => save({ tags })}
        />
      </FieldGroup>
    </Stack>
  );
}
