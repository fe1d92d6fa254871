import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Company, Person } from '@beacon/contract';
import type { CrmEntity } from '../api/record-query.ts';
import { PlusIcon } from '../../../components/icons.tsx';
import { DuplicateNotice } from './duplicate-notice.tsx';
import { recordFieldMessage, useCreateRecordForm } from './use-create-record.ts';

const FIELDS: Record<CrmEntity, readonly string[]> = {
  people: ['firstName', 'lastName', 'email'],
  companies: ['name', 'domain'],
  deals: ['name'],
};

function emptyValues(entity: CrmEntity): Record<string, string> {
  return Object.fromEntries(FIELDS[entity].map((field) => [field, '']));
}

export interface QuickAddProps {
  entity: CrmEntity;
  onCreated: (record: Person | Company) => void;
  /** Opens the full "New person" / "New company" dialog. */
  onMoreFields: () => void;
}

/**
 * Inline create, above the table: type a name (and an e-mail or a domain), press Enter, and the
 * record is at the top of the table; the fields empty and the first one takes the focus again,
 * so that several can be added in a row.
 */
export function QuickAdd({ entity, onCreated, onMoreFields }: QuickAddProps) {
  const { t } = useTranslation('crm');
  const { form, create, formError, busy, reset, changed, duplicate } = useCreateRecordForm(
    entity,
    emptyValues(entity),
  );
  const first = useRef<HTMLInputElement>(null);
  const fields = FIELDS[entity];

  const submit = async (allowDuplicate = false) => {
    const record = await create({ allowDuplicate });
    if (!record) return;
    onCreated(record);
    reset();
    first.current?.focus();
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t(`${entity}.quickAdd`)}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
      // On a phone the row would push the table down by four fields: the "New" button does it.
      sx={{
        display: { xs: 'none', sm: 'flex' },
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 1,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.neutral',
      }}
    >
      {fields.map((name, index) => (
        <Controller
          key={name}
          name={name}
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              name={name}
              label={t(`fields.${name}` as never)}
              value={field.value ?? ''}
              onChange={(event) => {
                field.onChange(event);
                changed(name);
              }}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={recordFieldMessage(t, name, fieldState.error)}
              type={name === 'email' ? 'email' : 'text'}
              inputRef={index === 0 ? first : undefined}
              sx={{ flex: '1 1 160px', minWidth: 140 }}
              slotProps={{
                htmlInput: { dir: name === 'email' || name === 'domain' ? 'ltr' : undefined },
              }}
            />
          )}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
        <Button type="submit" variant="contained" startIcon={<PlusIcon />} disabled={busy}>
          {t('actions.add')}
        </Button>
        <Button color="inherit" onClick={onMoreFields}>
          {t('actions.moreFields')}
        </Button>
      </Box>
      {formError && (
        <FormHelperText error role="alert" sx={{ flexBasis: '100%', m: 0 }}>
          {formError}
        </FormHelperText>
      )}
      {duplicate && (
        <DuplicateNotice duplicate={duplicate} busy={busy} onAddAnyway={() => void submit(true)} />
      )}
    </Box>
  );
}
