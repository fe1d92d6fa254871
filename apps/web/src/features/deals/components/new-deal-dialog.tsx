import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  amountField,
  dayField,
  dealFields,
  isCurrency,
  type Deal,
  type Pipeline,
} from '@beacon/contract';
import { isApiFailure } from '../../../lib/api.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { useDealCreateMutation } from '../api/deal-record.ts';
import { useCompanySearch, type FoundRecord } from '../api/search.ts';
import { dealsErrorText } from '../utils/error-text.ts';
import { parseMoney } from '../../../utils/money.ts';
import { RecordPicker } from '../../../components/record-picker.tsx';
import { stageName } from '../utils/names.ts';

/** The amount as typed, in the currency's minor units; null when it is not an amount. */
function typedAmount(text: string, currency: string): number | null {
  if (text.trim() === '') return 0;
  const code = currency.trim().toUpperCase();
  const minor = parseMoney(text, isCurrency(code) ? code : 'EUR');
  return minor !== null && amountField.safeParse(minor).success ? minor : null;
}

/**
 * The new deal form, checked with the contract's deal fields (name, currency, date: their limits
 * are the schema's); the amount is text in the major unit, read with the currency's decimals and
 * held to the contract's amount rule.
 */
export const newDealFormSchema = z
  .object({
    name: dealFields.name,
    amount: z.string(),
    currency: dealFields.currency,
    stageId: z.string(),
    expectedCloseDate: z.union([z.literal(''), dayField]),
    company: z.object({ id: z.string(), label: z.string(), secondary: z.string() }).nullable(),
  })
  .refine((value) => typedAmount(value.amount, value.currency) !== null, {
    path: ['amount'],
    params: { reason: 'amount' },
    // Checked with the other fields, not only once they pass.
    when: () => true,
  });
type NewDealForm = z.input<typeof newDealFormSchema>;
type NewDealValues = z.output<typeof newDealFormSchema>;

/** The fields a server's field error may land on. */
const formFields = ['name', 'amount', 'currency', 'stageId', 'expectedCloseDate'] as const;

export interface NewDealDialogProps {
  open: boolean;
  pipeline: Pipeline | null;
  /** The stage the deal starts in; the pipeline's first when absent. */
  stageId?: string | null;
  /** A company the deal is for (from a company's page). */
  company?: FoundRecord | null;
  /** A person on the deal (from a person's page). */
  personId?: string | null;
  defaultCurrency: string;
  onClose: () => void;
  onCreated: (deal: Deal) => void;
}

/** A new deal: its name, amount and currency, stage, expected close date and company. */
export function NewDealDialog({
  open,
  pipeline,
  stageId,
  company: fixedCompany = null,
  personId = null,
  defaultCurrency,
  onClose,
  onCreated,
}: NewDealDialogProps) {
  const { t } = useTranslation('deals');
  const id = useId();
  const searchCompanies = useCompanySearch();
  const stages = pipeline?.stages ?? [];
  const empty = (): NewDealForm => ({
    name: '',
    amount: '',
    currency: defaultCurrency,
    stageId: stageId ?? '',
    expectedCloseDate: '',
    company: fixedCompany,
  });
  const form = useForm<NewDealForm, unknown, NewDealValues>({
    resolver: zodResolver(newDealFormSchema),
    defaultValues: empty(),
  });
  const { control, handleSubmit, reset, setError } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [create] = useDealCreateMutation();

  const submit = handleSubmit(async (value) => {
    setFormError(null);
    setBusy(true);
    const chosenStage = value.stageId || stageId || stages[0]?.id || '';
    try {
      const deal = await create({
        name: value.name,
        ...(pipeline ? { pipelineId: pipeline.id } : {}),
        ...(chosenStage ? { stageId: chosenStage } : {}),
        amount: typedAmount(value.amount, value.currency) ?? 0,
        currency: value.currency,
        expectedCloseDate: value.expectedCloseDate || null,
        companyId: value.company?.id ?? null,
        people: personId ? [{ personId, role: 'other' }] : [],
      }).unwrap();
      reset(empty());
      onCreated(deal);
    } catch (error) {
      const failure = isApiFailure(error) ? error : undefined;
      if (!applyServerFieldErrors(setError, failure, formFields)) {
        setFormError(dealsErrorText(t, error));
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${id}-title`}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  autoFocus
                  required
                  label={t('fields.name')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorMessage(t, fieldState.error, {
                    too_small: 'deals:validation.required',
                  })}
                  slotProps={{ htmlInput: { maxLength: dealFields.name.maxLength ?? undefined } }}
                />
              )}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 2 }}>
              <Controller
                control={control}
                name="amount"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t('fields.amount')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldErrorMessage(t, fieldState.error, {
                      custom: 'deals:validation.amount',
                    })}
                    slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
                  />
                )}
              />
              <Controller
                control={control}
                name="currency"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                    label={t('fields.currency')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldErrorMessage(t, fieldState.error, {
                      custom: 'deals:validation.currency',
                    })}
                    slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr' } }}
                  />
                )}
              />
            </Box>
            {stages.length > 0 && (
              <Controller
                control={control}
                name="stageId"
                render={({ field }) => (
                  <TextField
                    {...field}
                    value={field.value || stageId || stages[0]?.id || ''}
                    select
                    label={t('fields.stageId')}
                  >
                    {stages.map((s) => (
                      <MenuItem key={s.id} value={s.id}>
                        {stageName(t, s)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            <Controller
              control={control}
              name="expectedCloseDate"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="date"
                  label={t('fields.expectedCloseDate')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorMessage(t, fieldState.error)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
            />
            <Controller
              control={control}
              name="company"
              render={({ field }) => (
                <RecordPicker
                  label={t('fields.companyId')}
                  value={field.value ?? null}
                  search={searchCompanies}
                  onChange={field.onChange}
                  size="medium"
                />
              )}
            />
            {formError && (
              <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
                {formError}
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" variant="outlined" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
