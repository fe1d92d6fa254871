import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Member } from '@beacon/contract';
import { memberName } from '../../../../utils/members.ts';
import { validateField, type FieldSchema } from '../utils/validate.ts';
import { EditableSelect, EditableTags, EditableText } from './editable-fields.tsx';

/** A titled card of fields. */
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

export interface TextFieldOptions {
  helperText?: string;
  multiline?: boolean;
  type?: 'email' | 'url';
}

/**
 * Renders the text fields of one record, each labelled `fields.<name>` of the records namespace,
 * checked against its field of the contract's patch schema (then by `check`, when given) and saved
 * on its own.
 */
export function textFieldRenderer<K extends string>({
  t,
  record,
  shape,
  disabled,
  save,
  check,
}: {
  t: TFunction;
  record: Record<K, string>;
  shape: Partial<Record<K, FieldSchema>>;
  disabled: boolean;
  save: (patch: Partial<Record<K, string>>) => Promise<void>;
  check?: (field: K, value: string) => string | null;
}) {
  return function textField(field: K, options: TextFieldOptions = {}) {
    return (
      <EditableText
        field={field}
        label={t(`fields.${field as string}`)}
        value={record[field]}
        disabled={disabled}
        validate={(value) =>
          validateField(t, field, shape[field], value) ?? check?.(field, value) ?? null
        }
        onSave={(value) => save({ [field]: value } as Partial<Record<K, string>>)}
        {...options}
      />
    );
  };
}

/** The member who owns the record, or none. */
export function OwnerField({
  record,
  members,
  disabled,
  save,
}: {
  record: { ownerId: string | null };
  members: Member[];
  disabled: boolean;
  save: (patch: { ownerId: string | null }) => Promise<void>;
}) {
  const { t } = useTranslation('records');
  return (
    <EditableSelect
      field="ownerId"
      label={t('fields.ownerId')}
      value={record.ownerId}
      emptyLabel={t('hints.noOwner')}
      options={members.map((member) => ({ value: member.id, label: memberName(member) }))}
      disabled={disabled}
      onSave={(ownerId) => save({ ownerId })}
    />
  );
}

/** The record's tags, checked against the contract's `tags` field (`schema`). */
export function TagsField({
  record,
  schema,
  disabled,
  save,
}: {
  record: { tags: string[] };
  schema: FieldSchema;
  disabled: boolean;
  save: (patch: { tags: string[] }) => Promise<void>;
}) {
  const { t } = useTranslation('records');
  return (
    <EditableTags
      field="tags"
      label={t('fields.tags')}
      value={record.tags}
      disabled={disabled}
      helperText={t('hints.tags')}
      validate={(tags) => validateField(t, 'tags', schema, tags)}
      onSave={(tags) => save({ tags })}
    />
  );
}

/** Where the record is: city and region side by side, then the country, then `children`. */
export function LocationGroup({
  textField,
  children,
}: {
  textField: (field: 'city' | 'region' | 'country') => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('records');
  return (
    <FieldGroup title={t('sections.location')}>
      <Stack direction="row" spacing={2}>
        {textField('city')}
        {textField('region')}
      </Stack>
      {textField('country')}
      {children}
    </FieldGroup>
  );
}
