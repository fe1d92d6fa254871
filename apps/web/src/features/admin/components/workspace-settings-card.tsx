import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  WORKSPACE_LOGO_MAX_BYTES,
  workspaceFields,
  workspaceLogoTypes,
  type WorkspaceSettings,
} from '@beacon/contract';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import {
  fetchLogo,
  useWorkspaceLogoRemoveMutation,
  useWorkspaceLogoUploadMutation,
  useWorkspacePatchMutation,
  useWorkspaceSettingsQuery,
} from '../api/admin-api.ts';

// The tracking switch saves on its own (TrackingField), so the form holds the other three fields.
const settingsForm = z.object(workspaceFields).omit({ emailTracking: true });
type SettingsForm = z.input<typeof settingsForm>;
const FIELDS = ['name', 'defaultCurrency', 'timeZone'] as const;

const supported = (key: 'currency' | 'timeZone'): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf(key) : [];
};

export interface WorkspaceSettingsCardProps {
  /** After the name changed: the shell reads the signed-in user (and the workspace's name) again. */
  onRenamed: () => void;
}

/** The workspace's name, logo, default currency and time zone (admins). */
export function WorkspaceSettingsCard({ onRenamed }: WorkspaceSettingsCardProps) {
  const { t } = useTranslation('admin');
  const { data, error, isLoading, refetch } = useWorkspaceSettingsQuery();
  return (
    <Card component="section" aria-labelledby="settings-heading" sx={{ p: 3 }}>
      <Typography id="settings-heading" component="h2" variant="h6">
        {t('settings.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('settings.hint')}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('panel.retry')}
            </Button>
          }
        >
          {areaErrorText(t, 'admin', error)}
        </Alert>
      ) : isLoading || !data ? (
        <Stack spacing={2} aria-busy="true">
          <Skeleton variant="rounded" height={72} width={72} />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : (
        <Stack spacing={3}>
          <LogoField settings={data} />
          <SettingsFields settings={data} onRenamed={onRenamed} />
          <TrackingField settings={data} />
        </Stack>
      )}
    </Card>
  );
}

function SettingsFields({
  settings,
  onRenamed,
}: {
  settings: WorkspaceSettings;
  onRenamed: () => void;
}) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const [save, { isLoading }] = useWorkspacePatchMutation();
  const currencies = useMemo(() => supported('currency'), []);
  const zones = useMemo(() => supported('timeZone'), []);
  const form = useForm<SettingsForm>({
    resolver: zodResolver(settingsForm),
    defaultValues: {
      name: settings.name,
      defaultCurrency: settings.defaultCurrency,
      timeZone: settings.timeZone,
    },
  });
  const errorText = (error: Parameters<typeof fieldErrorMessage>[1]) =>
    fieldErrorMessage(t, error, { custom: 'admin:settings.invalid' });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save({
        name: values.name,
        defaultCurrency: values.defaultCurrency,
        timeZone: values.timeZone,
      }).unwrap();
      form.reset({
        name: saved.name,
        defaultCurrency: saved.defaultCurrency,
        timeZone: saved.timeZone,
      });
      if (saved.name !== settings.name) onRenamed();
      enqueueSnackbar(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      const failure = isApiFailure(error) ? error : undefined;
      if (!applyServerFieldErrors(form.setError, failure, FIELDS)) {
        enqueueSnackbar(areaErrorText(t, 'admin', error), { variant: 'error' });
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <FormTextField
          control={form.control}
          name="name"
          label={t('settings.name')}
          errorText={errorText}
          required
          fullWidth
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr)' },
          }}
        >
          <Controller
            control={form.control}
            name="defaultCurrency"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={currencies}
                value={field.value || null}
                onChange={(_event, value) => field.onChange(value ?? '')}
                autoHighlight
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    label={t('settings.currency')}
                    error={Boolean(fieldState.error)}
                    helperText={errorText(fieldState.error) ?? t('settings.currencyHint')}
                  />
                )}
              />
            )}
          />
          <Controller
            control={form.control}
            name="timeZone"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={zones}
                value={field.value || null}
                onChange={(_event, value) => field.onChange(value ?? '')}
                autoHighlight
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name={field.name}
                    label={t('settings.timeZone')}
                    error={Boolean(fieldState.error)}
                    helperText={errorText(fieldState.error) ?? t('settings.timeZoneHint')}
                  />
                )}
              />
            )}
          />
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading || !form.formState.isDirty}>
            {isLoading ? t('settings.saving') : t('settings.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * Open and click tracking of sent mail (off by default; docs/decisions/061-conversations.md):
 * saved as soon as it is switched.
 */
function TrackingField({ settings }: { settings: WorkspaceSettings }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const [save, { isLoading }] = useWorkspacePatchMutation();
  const toggle = async (on: boolean) => {
    try {
      await save({ emailTracking: on }).unwrap();
      enqueueSnackbar(t(on ? 'settings.trackingOn' : 'settings.trackingOff'), {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(areaErrorText(t, 'admin', error), { variant: 'error' });
    }
  };
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={settings.emailTracking}
            disabled={isLoading}
            onChange={(event) => void toggle(event.target.checked)}
          />
        }
        label={t('settings.tracking')}
      />
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {t('settings.trackingHint')}
      </Typography>
    </Box>
  );
}

/** The logo: a preview, a button to choose an image, and one to remove it. */
function LogoField({ settings }: { settings: WorkspaceSettings }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useWorkspaceLogoUploadMutation();
  const [remove, removing] = useWorkspaceLogoRemoveMutation();
  const preview = useLogoImage(settings.logoUrl);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > WORKSPACE_LOGO_MAX_BYTES) {
      enqueueSnackbar(t('settings.logoTooLarge'), { variant: 'error' });
      return;
    }
    try {
      await upload(file).unwrap();
      enqueueSnackbar(t('settings.logoSaved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(areaErrorText(t, 'admin', error), { variant: 'error' });
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Avatar
        variant="rounded"
        src={preview ?? undefined}
        alt={preview ? t('settings.logoAlt', { workspace: settings.name }) : undefined}
        sx={{ width: 72, height: 72, fontSize: 28, bgcolor: 'secondary.dark' }}
      >
        {settings.name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" component="p">
          {t('settings.logo')}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('settings.logoHint')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            size="small"
            disabled={uploading.isLoading}
            onClick={() => input.current?.click()}
          >
            {settings.logoUrl ? t('settings.logoReplace') : t('settings.logoUpload')}
          </Button>
          {settings.logoUrl && (
            <Button
              color="error"
              size="small"
              disabled={removing.isLoading}
              onClick={() =>
                void remove()
                  .unwrap()
                  .catch((error: unknown) =>
                    enqueueSnackbar(areaErrorText(t, 'admin', error), { variant: 'error' }),
                  )
              }
            >
              {t('settings.logoRemove')}
            </Button>
          )}
        </Stack>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={t('settings.logoUpload')}
          accept={workspaceLogoTypes.join(',')}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
    </Stack>
  );
}

/** The logo as an object URL (its address needs the bearer header); null without one. */
function useLogoImage(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setObjectUrl(null);
      return;
    }
    let made: string | null = null;
    let live = true;
    fetchLogo(url)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setObjectUrl(made);
      })
      .catch(() => live && setObjectUrl(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return objectUrl;
}
