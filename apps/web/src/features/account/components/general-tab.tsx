import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { Account } from '@beacon/contract';
import { AvatarUpload } from '../../../components/avatar-upload.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import {
  membersApi,
  uploadMyImage,
  useMyProfileQuery,
  useRemoveMyImageMutation,
} from '../../../lib/members-api.ts';
import type { AppDispatch } from '../../../lib/store.ts';
import { i18n } from '../../../locales/i18n.ts';
import { LANGUAGES } from '../../../locales/languages.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { useChangeAccountMutation } from '../api/account-api.ts';
import {
  generalFields,
  generalFormSchema,
  timeZoneOptions,
  type GeneralFormValues,
} from '../utils/account-forms.ts';

const ZONES = timeZoneOptions();

function formValues(account: Account): GeneralFormValues {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    phone: account.phone ?? '',
    timeZone: account.timeZone ?? '',
    language: account.language ?? '',
    emailSignature: account.emailSignature,
  };
}

/**
 * General: names, phone, time zone, language and e-mail signature. The left column is the
 * member's picture, uploaded and removed as on their profile (components/avatar-upload.tsx).
 */
export function GeneralTab({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const { enqueueSnackbar } = useSnackbar();
  const [save, { isLoading, error }] = useChangeAccountMutation();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<GeneralFormValues>({
    resolver: zodResolver(generalFormSchema),
    defaultValues: formValues(account),
  });
  useEffect(() => reset(formValues(account)), [account, reset]);

  const message = (field: keyof GeneralFormValues) =>
    fieldErrorMessage(t, errors[field], { custom: 'account:general.phoneInvalid' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save(values).unwrap();
      if (saved.language && saved.language !== i18n.language) {
        void i18n.changeLanguage(saved.language);
      }
      enqueueSnackbar(t('general.saved'));
    } catch (failure) {
      if (isApiFailure(failure)) applyServerFieldErrors(setError, failure, generalFields);
    }
  });
  const dispatch = useDispatch<AppDispatch>();
  const profile = useMyProfileQuery();
  const [removeImage] = useRemoveMyImageMutation();
  const pictureSaved = () => {
    dispatch(membersApi.util.invalidateTags(['Team', 'Members']));
    enqueueSnackbar(t('general.pictureSaved'));
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 2fr' },
        alignItems: 'start',
      }}
    >
      <Card
        component="section"
        aria-label={t('general.picture')}
        data-slot="avatar-upload"
        sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
      >
        <AvatarUpload
          member={{
            firstName: account.firstName,
            lastName: account.lastName,
            email: account.email,
            avatarUrl: profile.data?.avatarUrl ?? null,
          }}
          onUpload={async (file) => {
            await uploadMyImage('avatar', file);
            pictureSaved();
          }}
          onRemove={
            profile.data?.avatarUrl
              ? async () => {
                  await removeImage('avatar').unwrap();
                  pictureSaved();
                }
              : undefined
          }
          errorText={(failure) => areaErrorText(t, 'account', failure)}
        />
        <Box sx={{ textAlign: 'center', minWidth: 0, maxWidth: '100%' }}>
          <Typography variant="subtitle1" noWrap>
            {account.firstName} {account.lastName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {account.email}
          </Typography>
        </Box>
      </Card>

      <Card component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ p: 3 }}>
        <Stack spacing={3}>
          {error && !(isApiFailure(error) && error.fieldErrors) && (
            <Alert severity="error">{areaErrorText(t, 'account', error)}</Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            <Controller
              name="firstName"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('general.firstName')}
                  autoComplete="given-name"
                  required
                  error={Boolean(errors.firstName)}
                  helperText={message('firstName')}
                />
              )}
            />
            <Controller
              name="lastName"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('general.lastName')}
                  autoComplete="family-name"
                  required
                  error={Boolean(errors.lastName)}
                  helperText={message('lastName')}
                />
              )}
            />
            <Controller
              name="phone"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('general.phone')}
                  type="tel"
                  autoComplete="tel"
                  placeholder="+33 6 12 34 56 78"
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                  error={Boolean(errors.phone)}
                  helperText={message('phone') ?? t('general.phoneHint')}
                />
              )}
            />
            <Controller
              name="language"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label={t('general.language')}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  error={Boolean(errors.language)}
                  helperText={message('language')}
                >
                  <MenuItem value="">{t('general.languageAuto')}</MenuItem>
                  {LANGUAGES.map((language) => (
                    <MenuItem key={language.value} value={language.value} lang={language.htmlLang}>
                      {language.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="timeZone"
              control={control}
              render={({ field }) => (
                <Autocomplete
                  options={ZONES}
                  value={field.value || null}
                  onChange={(_event, zone) => field.onChange(zone ?? '')}
                  onBlur={field.onBlur}
                  sx={{ gridColumn: { sm: '1 / -1' } }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      name={field.name}
                      inputRef={field.ref}
                      label={t('general.timeZone')}
                      error={Boolean(errors.timeZone)}
                      helperText={message('timeZone') ?? t('general.timeZoneHint')}
                    />
                  )}
                />
              )}
            />
            <Controller
              name="emailSignature"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('general.signature')}
                  multiline
                  minRows={3}
                  sx={{ gridColumn: { sm: '1 / -1' } }}
                  error={Boolean(errors.emailSignature)}
                  helperText={message('emailSignature') ?? t('general.signatureHint')}
                />
              )}
            />
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button
              type="button"
              color="inherit"
              disabled={!isDirty || isLoading}
              onClick={() => reset(formValues(account))}
            >
              {t('actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={isLoading} disabled={!isDirty}>
              {t('actions.save')}
            </Button>
          </Stack>
        </Stack>
      </Card>
    </Box>
  );
}
