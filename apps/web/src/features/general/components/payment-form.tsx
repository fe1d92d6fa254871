import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  paymentRequestSchema,
  planAmount,
  type BillingCycle,
  type PaymentConfirmation,
  type PaymentRequest,
  type PlanId,
} from '@beacon/contract';
import { useController, useForm, useWatch, type Control, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LockIcon } from '../../../components/icons.tsx';
import { paths } from '../../../utils/paths.ts';
import { publicApi } from '../api/public-api.ts';
import { accentColor } from '../utils/accent.ts';
import { detectCardBrand, formatExpiry, securityCodeLength } from '../utils/card.ts';
import { countryOptions, regionOf } from '../utils/countries.ts';
import { formatUsd, intlLocale } from '../utils/format.ts';
import {
  applyServerFieldErrors,
  fieldErrorText,
  requestErrorText,
  type GeneralField,
} from '../utils/form-errors.ts';
import { findPlan } from '../utils/plans.ts';
import { BillingCycleSwitch } from './billing-cycle-switch.tsx';
import { CardNumberField } from './card-number-field.tsx';

const FIELDS = [
  'seats',
  'cardholder',
  'email',
  'cardNumber',
  'expiry',
  'securityCode',
  'address',
  'city',
  'postalCode',
  'country',
] as const;

const DEFAULT_SEATS = 3;

export interface PaymentFormProps {
  plan: PlanId;
  cycle: BillingCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  onConfirmed: (confirmation: PaymentConfirmation) => void;
}

/** The billing details and, beside them, what the plan will cost. */
export function PaymentForm({ plan, cycle, onCycleChange, onConfirmed }: PaymentFormProps) {
  const { t, i18n } = useTranslation('general');
  const [serverError, setServerError] = useState<string | null>(null);

  const { control, handleSubmit, formState, setError, reset } = useForm<
    PaymentRequest,
    unknown,
    ReturnType<typeof paymentRequestSchema.parse>
  >({
    resolver: zodResolver(paymentRequestSchema),
    defaultValues: {
      plan,
      cycle,
      seats: DEFAULT_SEATS,
      cardholder: '',
      email: '',
      cardNumber: '',
      expiry: '',
      securityCode: '',
      address: '',
      city: '',
      postalCode: '',
      country: regionOf(typeof navigator === 'undefined' ? undefined : navigator.language) ?? '',
    },
  });

  const errorText = (kind: GeneralField) => (error: FieldError) => fieldErrorText(t, kind, error);
  const pending = formState.isSubmitting;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      // The plan and cycle come from the summary (the address); the card number goes as digits,
      // and the server keeps only its last four digits and brand.
      const confirmation = await publicApi.paymentRequest({ ...values, plan, cycle });
      reset();
      onConfirmed(confirmation);
    } catch (error) {
      if (!applyServerFieldErrors(error, FIELDS, setError)) {
        setServerError(requestErrorText(t, error));
      } else {
        setServerError(t('errors.validation'));
      }
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('payment.formLabel')}
      sx={{
        display: 'grid',
        gap: { xs: 4, md: 5 },
        gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={4}>
        {serverError && (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        )}

        <FormSection title={t('payment.sections.card')} id="payment-card">
          <FormTextField
            control={control}
            name="cardholder"
            label={t('payment.fields.cardholder')}
            autoComplete="cc-name"
            required
            disabled={pending}
            errorText={errorText('text')}
          />
          <CardNumberField
            control={control}
            errorText={errorText('cardNumber')}
            disabled={pending}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <ExpiryField control={control} errorText={errorText('expiry')} disabled={pending} />
            <SecurityCodeField
              control={control}
              errorText={errorText('securityCode')}
              disabled={pending}
            />
          </Stack>
        </FormSection>

        <FormSection title={t('payment.sections.billing')} id="payment-billing">
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('payment.fields.email')}
            helperText={t('payment.fields.emailHelp')}
            autoComplete="email"
            required
            disabled={pending}
            errorText={errorText('email')}
          />
          <FormTextField
            control={control}
            name="address"
            label={t('payment.fields.address')}
            autoComplete="street-address"
            required
            disabled={pending}
            errorText={errorText('text')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField
              control={control}
              name="city"
              label={t('payment.fields.city')}
              autoComplete="address-level2"
              required
              disabled={pending}
              errorText={errorText('text')}
            />
            <FormTextField
              control={control}
              name="postalCode"
              label={t('payment.fields.postalCode')}
              autoComplete="postal-code"
              required
              disabled={pending}
              errorText={errorText('text')}
            />
          </Stack>
          <CountryField
            control={control}
            errorText={errorText('country')}
            disabled={pending}
            language={i18n.resolvedLanguage}
          />
        </FormSection>
      </Stack>

      <PlanSummary
        control={control}
        plan={plan}
        cycle={cycle}
        onCycleChange={onCycleChange}
        pending={pending}
        seatsError={errorText('seats')}
      />
    </Box>
  );
}

function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Card>
  );
}

interface FieldProps {
  control: Control<PaymentRequest>;
  errorText: (error: FieldError) => string | undefined;
  disabled?: boolean;
}

/** MM/YY, the slash put in while typing. */
function ExpiryField({ control, errorText, disabled }: FieldProps) {
  const { t } = useTranslation('general');
  const { field, fieldState } = useController({ name: 'expiry', control });
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(formatExpiry(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={t('payment.fields.expiry')}
      placeholder={t('payment.fields.expiryPlaceholder')}
      autoComplete="cc-exp"
      required
      fullWidth
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error ? errorText(fieldState.error) : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, dir: 'ltr' } }}
    />
  );
}

/** Three digits (four on American Express), digits only. */
function SecurityCodeField({ control, errorText, disabled }: FieldProps) {
  const { t } = useTranslation('general');
  const { field, fieldState } = useController({ name: 'securityCode', control });
  const cardNumber = useWatch({ control, name: 'cardNumber' });
  const length = securityCodeLength(detectCardBrand(cardNumber ?? ''));
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={t('payment.fields.securityCode')}
      autoComplete="cc-csc"
      required
      fullWidth
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={
        fieldState.error
          ? errorText(fieldState.error)
          : t('payment.fields.securityCodeHelp', { digits: length })
      }
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, dir: 'ltr' } }}
    />
  );
}

/** The countries, named in the reader's language by the browser. */
function CountryField({
  control,
  errorText,
  disabled,
  language,
}: FieldProps & { language: string | undefined }) {
  const { t } = useTranslation('general');
  const options = useMemo(() => countryOptions(intlLocale(language)), [language]);
  return (
    <FormTextField
      control={control}
      name="country"
      label={t('payment.fields.country')}
      autoComplete="country"
      required
      disabled={disabled}
      errorText={errorText}
      select
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" disabled>
        {t('payment.fields.countryPlaceholder')}
      </option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </FormTextField>
  );
}

interface PlanSummaryProps {
  control: Control<PaymentRequest>;
  plan: PlanId;
  cycle: BillingCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  pending: boolean;
  seatsError: (error: FieldError) => string | undefined;
}

/** What the plan costs per seat, for how many seats, and in total for the first period. */
function PlanSummary({
  control,
  plan,
  cycle,
  onCycleChange,
  pending,
  seatsError,
}: PlanSummaryProps) {
  const { t, i18n } = useTranslation('general');
  const lng = i18n.resolvedLanguage;
  const { field, fieldState } = useController({ name: 'seats', control });
  const seats =
    typeof field.value === 'number' && Number.isInteger(field.value) && field.value > 0
      ? field.value
      : 0;
  const price = findPlan(plan).price[cycle];
  const total = planAmount(plan, cycle, seats);

  return (
    <Card
      component="section"
      aria-labelledby="payment-summary"
      sx={{ p: { xs: 2.5, sm: 4 }, position: { md: 'sticky' }, top: { md: 88 } }}
    >
      <Typography id="payment-summary" component="h2" variant="h6" sx={{ mb: 2.5 }}>
        {t('payment.summary.title')}
      </Typography>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 0.5 }}
      >
        <Typography variant="h5" component="p">
          {t(`plans.${plan}.name`)}
        </Typography>
        <Link component={RouterLink} to={paths.pricing} variant="body2">
          {t('payment.summary.change')}
        </Link>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t(`plans.${plan}.description`)}
      </Typography>

      <Stack spacing={2.5}>
        <BillingCycleSwitch value={cycle} onChange={onCycleChange} size="small" />
        <TextField
          name={field.name}
          type="number"
          label={t('payment.fields.seats')}
          value={typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
          }
          onBlur={field.onBlur}
          inputRef={field.ref}
          required
          fullWidth
          disabled={pending}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? seatsError(fieldState.error) : undefined}
          slotProps={{ htmlInput: { min: 1, max: 10_000, step: 1, inputMode: 'numeric' } }}
        />
      </Stack>

      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 3,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          rowGap: 1.25,
          columnGap: 2,
        }}
      >
        <SummaryRow
          label={t('payment.summary.pricePerSeat')}
          value={t('payment.summary.perMonth', { price: formatUsd(price, lng) })}
        />
        <SummaryRow label={t('payment.summary.seats')} value={String(seats)} />
        <SummaryRow
          label={t('payment.summary.billing')}
          value={cycle === 'yearly' ? t('payment.summary.yearly') : t('payment.summary.monthly')}
        />
      </Box>
      <Divider sx={{ my: 2.5 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="p">
          {cycle === 'yearly' ? t('payment.summary.totalYear') : t('payment.summary.totalMonth')}
        </Typography>
        <Typography variant="h4" component="p" data-testid="payment-total">
          {formatUsd(total, lng)}
        </Typography>
      </Stack>

      <Button
        type="submit"
        size="large"
        variant="contained"
        fullWidth
        loading={pending}
        disabled={pending}
        sx={{ mt: 3 }}
      >
        {t('payment.submit', { amount: formatUsd(total, lng) })}
      </Button>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 2, color: 'text.secondary', alignItems: 'flex-start' }}
      >
        <LockIcon
          aria-hidden="true"
          sx={(theme) => ({ fontSize: 18, mt: 0.25, color: accentColor(theme) })}
        />
        <Typography variant="caption">{t('payment.summary.notCharged')}</Typography>
      </Stack>
    </Card>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'end' }}>
        {value}
      </Typography>
    </>
  );
}
