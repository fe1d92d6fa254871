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
import { useTranslation } from 'react-i18next';
import {
  companySizes,
  newCompanySchema,
  newPersonSchema,
  personStages,
  type Company,
  type Member,
  type Person,
} from '@beacon/contract';
import { ApiError } from '../../../lib/http.ts';
import { memberName } from '../../../utils/members.ts';
import { companiesApi, peopleApi, type CrmEntity } from '../api/crm-api.ts';
import { fieldErrorKeys } from '../state/form-errors.ts';
import { crmErrorText } from '../utils/error-text.ts';

export interface CreateRecordDialogProps {
  entity: CrmEntity;
  open: boolean;
  members: readonly Member[];
  onClose: () => void;
  onCreated: (record: Person | Company) => void;
}

const PERSON_FIELDS = ['firstName', 'lastName', 'email', 'jobTitle', 'stage', 'ownerId'] as const;
const COMPANY_FIELDS = ['name', 'domain', 'industry', 'size', 'ownerId'] as const;
const NONE = '';

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
  const [values, setValues] = useState<Record<string, string>>(() => emptyValues(entity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = entity === 'people' ? PERSON_FIELDS : COMPANY_FIELDS;

  const close = () => {
    setValues(emptyValues(entity));
    setErrors({});
    setFormError(null);
    onClose();
  };

  const submit = async () => {
    const input = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        (k === 'ownerId' || k === 'size') && v === NONE ? null : v,
      ]),
    );
    const parsed =
      entity === 'people' ? newPersonSchema.safeParse(input) : newCompanySchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorKeys(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const record =
        entity === 'people'
          ? await peopleApi.create(parsed.data as Parameters<typeof peopleApi.create>[0])
          : await companiesApi.create(parsed.data as Parameters<typeof companiesApi.create>[0]);
      onCreated(record);
      setValues(emptyValues(entity));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && entity === 'companies') {
        setErrors({ domain: 'validation.domainTaken' });
      } else if (error instanceof ApiError && error.fieldErrors) {
        setErrors(
          Object.fromEntries(
            Object.keys(error.fieldErrors).map((field) => [field, `validation.required`]),
          ),
        );
        setFormError(crmErrorText(t, error));
      } else {
        setFormError(crmErrorText(t, error));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => {
    const common = {
      fullWidth: true,
      size: 'small' as const,
      label: t(`fields.${name}` as never),
      value: values[name] ?? '',
      onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
        setValues((v) => ({ ...v, [name]: e.target.value })),
      error: Boolean(errors[name]),
      helperText: errors[name] ? t(errors[name] as never) : undefined,
      name,
    };
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
