import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  companySizes,
  personStages,
  type Company,
  type Member,
  type Person,
} from '@beacon/contract';
import { memberName } from '../../../utils/members.ts';
import type { CrmEntity } from '../api/record-query.ts';
import { CompanyPicker, type CompanyOption } from '../record/components/company-picker.tsx';
import { DuplicateNotice } from './duplicate-notice.tsx';
import { NONE, recordFieldMessage, useCreateRecordForm } from './use-create-record.ts';

export interface CreateRecordDialogProps {
  entity: CrmEntity;
  open: boolean;
  members: readonly Member[];
  onClose: () => void;
  onCreated: (record: Person | Company) => void;
}

const PERSON_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'companyId',
  'stage',
  'ownerId',
] as const;
const COMPANY_FIELDS = ['name', 'domain', 'industry', 'size', 'ownerId'] as const;

function emptyValues(entity: CrmEntity): Record<string, string> {
  const fields = entity === 'people' ? PERSON_FIELDS : COMPANY_FIELDS;
  return Object.fromEntries(fields.map((f) => [f, f === 'stage' ? 'cold' : NONE]));
}

/** "New person" / "New company": the main fields, checked with the contract's schema. */
export function CreateRecordDialog({
  entity,
  open,
  members,
  onClose,
  onCreated,
}: CreateRecordDialogProps) {
  const { t } = useTranslation('crm');
  const { form, create, formError, busy, reset, duplicate } = useCreateRecordForm(
    entity,
    emptyValues(entity),
  );
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const fields = entity === 'people' ? PERSON_FIELDS : COMPANY_FIELDS;

  const close = () => {
    reset();
    setCompany(null);
    onClose();
  };

  const submit = async (allowDuplicate = false) => {
    const record = await create({ allowDuplicate });
    if (!record) return;
    onCreated(record);
    reset();
    setCompany(null);
    onClose();
  };

  const field = (name: string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field: control, fieldState }) =>
        input(name, {
          fullWidth: true,
          size: 'small' as const,
          label: t(`fields.${name}` as never),
          value: control.value ?? '',
          onChange: (e: React.ChangeEvent<HTMLInputElement>) => control.onChange(e.target.value),
          onBlur: control.onBlur,
          error: Boolean(fieldState.error),
          helperText: recordFieldMessage(t, name, fieldState.error),
          name,
        })
      }
    />
  );

  const input = (
    name: string,
    common: React.ComponentProps<typeof TextField> & {
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
    },
  ) => {
    if (name === 'companyId') {
      return (
        <CompanyPicker
          value={company}
          onSave={async (companyId, chosen) => {
            setCompany(chosen);
            form.setValue('companyId', companyId ?? NONE);
          }}
        />
      );
    }
    if (name === 'stage') {
      return (
        <TextField select {...common}>
          {personStages.map((stage) => (
            <MenuItem key={stage} value={stage}>
              {t(`enums.stage.${stage}`)}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (name === 'size') {
      return (
        <TextField select {...common}>
          <MenuItem value={NONE}>{t('create.unknown')}</MenuItem>
          {companySizes.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (name === 'ownerId') {
      return (
        <TextField select {...common}>
          <MenuItem value={NONE}>{t('bulk.noOwner')}</MenuItem>
          {members.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {memberName(m)}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        {...common}
        type={name === 'email' ? 'email' : 'text'}
        required={name === 'name'}
        slotProps={{
          htmlInput: { dir: name === 'email' || name === 'domain' ? 'ltr' : undefined },
        }}
      />
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <DialogTitle>{t(`${entity}.new`)}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {fields.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                {field(name)}
              </Grid>
            ))}
          </Grid>
          {formError && <DialogErrorText text={formError} />}
          {duplicate && (
            <DuplicateNotice
              duplicate={duplicate}
              busy={busy}
              onAddAnyway={() => void submit(true)}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('actions.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DialogErrorText({ text }: { text: string }) {
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {text}
    </Alert>
  );
}
