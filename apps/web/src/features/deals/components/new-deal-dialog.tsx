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
import { useTranslation } from 'react-i18next';
import { isCurrency, type Deal, type Pipeline } from '@beacon/contract';
import { isApiFailure } from '../../../lib/api.ts';
import { useDealCreateMutation } from '../api/deal-record.ts';
import { searchCompanies, type FoundRecord } from '../api/search.ts';
import { dealsErrorText } from '../utils/error-text.ts';
import { parseMoney } from '../../../utils/money.ts';
import { RecordPicker } from '../../../components/record-picker.tsx';
import { stageName } from '../utils/names.ts';

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

type Errors = Partial<
  Record<'name' | 'amount' | 'currency' | 'expectedCloseDate' | 'form', string>
>;

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
  const stages = pipeline?.stages ?? [];
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState(defaultCurrency);
  const [stage, setStage] = useState<string>(stageId ?? '');
  const [closeDate, setCloseDate] = useState('');
  const [company, setCompany] = useState<FoundRecord | null>(fixedCompany);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [create] = useDealCreateMutation();
  const chosenStage = stage || stageId || stages[0]?.id || '';

  const reset = () => {
    setName('');
    setAmount('');
    setCloseDate('');
    setCompany(fixedCompany);
    setErrors({});
  };

  const submit = async () => {
    const found: Errors = {};
    const code = currency.trim().toUpperCase();
    if (!name.trim()) found.name = t('validation.required');
    if (!isCurrency(code)) found.currency = t('validation.currency');
    const minor = amount.trim() === '' ? 0 : parseMoney(amount, isCurrency(code) ? code : 'EUR');
    if (minor === null) found.amount = t('validation.amount');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const deal = await create({
        name: name.trim(),
        ...(pipeline ? { pipelineId: pipeline.id } : {}),
        ...(chosenStage ? { stageId: chosenStage } : {}),
        amount: minor ?? 0,
        currency: code,
        expectedCloseDate: closeDate || null,
        companyId: company?.id ?? null,
        people: personId ? [{ personId, role: 'other' }] : [],
      }).unwrap();
      reset();
      onCreated(deal);
    } catch (error) {
      const fields = isApiFailure(error) ? error.fieldErrors : undefined;
      const next: Errors = {};
      for (const key of ['name', 'amount', 'currency', 'expectedCloseDate'] as const) {
        const message = fields?.[key]?.[0];
        if (message) next[key] = message;
      }
      if (Object.keys(next).length === 0) next.form = dealsErrorText(t, error);
      setErrors(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${id}-title`}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={`${id}-title`}>{t('create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={t('fields.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 2 }}>
              <TextField
                label={t('fields.amount')}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={Boolean(errors.amount)}
                helperText={errors.amount}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
              <TextField
                label={t('fields.currency')}
                value={currency}
                onChange={(event) => setCurrency(event.target.value.toUpperCase())}
                error={Boolean(errors.currency)}
                helperText={errors.currency}
                slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr' } }}
              />
            </Box>
            {stages.length > 0 && (
              <TextField
                select
                label={t('fields.stageId')}
                value={chosenStage}
                onChange={(event) => setStage(event.target.value)}
              >
                {stages.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {stageName(t, s)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              type="date"
              label={t('fields.expectedCloseDate')}
              value={closeDate}
              onChange={(event) => setCloseDate(event.target.value)}
              error={Boolean(errors.expectedCloseDate)}
              helperText={errors.expectedCloseDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <RecordPicker
              label={t('fields.companyId')}
              value={company}
              search={searchCompanies}
              onChange={setCompany}
              size="medium"
            />
            {errors.form && (
              <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
                {errors.form}
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
