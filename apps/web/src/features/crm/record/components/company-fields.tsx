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
import { isolateLtr } from '../utils/format.ts';
import { EditableSelect } from './editable-fields.tsx';
import {
  FieldGroup,
  LocationGroup,
  OwnerField,
  TagsField,
  textFieldRenderer,
} from './record-fields.tsx';

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
  const text = textFieldRenderer<TextKey>({ t, record: company, shape, disabled, save });
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
        <OwnerField record={company} members={members} disabled={disabled} save={save} />
        {text('linkedinUrl', { type: 'url' })}
        {text('description', { multiline: true })}
      </FieldGroup>
      <LocationGroup textField={text} />
      <FieldGroup title={t('sections.tagsSource')}>
        <TagsField record={company} schema={shape.tags} disabled={disabled} save={save} />
      </FieldGroup>
    </Stack>
  );
}
