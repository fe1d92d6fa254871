import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormPasswordField, FormTextField } from '../../../../components/form-text-field.tsx';
import { GlobeIcon, SendIcon } from '../../../../components/icons.tsx';
import { LanguagePicker } from '../../../../components/language-picker.tsx';
import { LoadingScreen } from '../../../../components/loading-screen.tsx';
import { Logo, LogoMark } from '../../../../components/logo.tsx';
import { SkipLink } from '../../../../components/skip-link.tsx';

/**
 * One shared component on `/components`. To show a new component, add one object to
 * `GALLERY_ENTRIES` and its texts to `general:gallery.entries.<id>` (a `description`, and a label
 * per variant) in every language.
 */
export interface GalleryEntry {
  /** Anchor and translation key: `general:gallery.entries.<id>`. */
  id: string;
  /** The component's name in code (not translated). */
  name: string;
  /** Where it lives, from `apps/web/`. */
  source: string;
  /** Each variant: its label is `general:gallery.entries.<id>.variants.<key>`. */
  variants: { key: string; render: () => ReactNode }[];
}

export const GALLERY_ENTRIES: GalleryEntry[] = [
  {
    id: 'logo',
    name: 'Logo',
    source: 'src/components/logo.tsx',
    variants: [
      { key: 'default', render: () => <Logo /> },
      { key: 'link', render: () => <LogoLinkDemo /> },
      {
        key: 'mark',
        render: () => (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <LogoMark size={24} />
            <LogoMark size={32} />
            <LogoMark size={48} />
          </Stack>
        ),
      },
    ],
  },
  {
    id: 'formTextField',
    name: 'FormTextField',
    source: 'src/components/form-text-field.tsx',
    variants: [
      { key: 'empty', render: () => <FormFieldDemo kind="empty" /> },
      { key: 'helper', render: () => <FormFieldDemo kind="helper" /> },
      { key: 'error', render: () => <FormFieldDemo kind="error" /> },
      { key: 'disabled', render: () => <FormFieldDemo kind="disabled" /> },
    ],
  },
  {
    id: 'formPasswordField',
    name: 'FormPasswordField',
    source: 'src/components/form-text-field.tsx',
    variants: [{ key: 'default', render: () => <FormFieldDemo kind="password" /> }],
  },
  {
    id: 'languagePicker',
    name: 'LanguagePicker',
    source: 'src/components/language-picker.tsx',
    variants: [{ key: 'default', render: () => <LanguagePicker /> }],
  },
  {
    id: 'loadingScreen',
    name: 'LoadingScreen',
    source: 'src/components/loading-screen.tsx',
    variants: [
      {
        key: 'inline',
        render: () => (
          <Box sx={{ width: '100%', '& > [role=status]': { minHeight: 120 } }}>
            <LoadingScreen />
          </Box>
        ),
      },
    ],
  },
  {
    id: 'pageTitle',
    name: 'PageTitle',
    source: 'src/components/page-title.tsx',
    variants: [{ key: 'default', render: () => <PageTitleDemo /> }],
  },
  {
    id: 'skipLink',
    name: 'SkipLink',
    source: 'src/components/skip-link.tsx',
    variants: [
      {
        key: 'default',
        render: () => (
          <Box sx={{ position: 'relative', overflow: 'hidden', width: '100%', minHeight: 72 }}>
            <SkipLink />
          </Box>
        ),
      },
    ],
  },
  {
    id: 'button',
    name: 'Button',
    source: 'src/theme/components.ts',
    variants: [
      {
        key: 'contained',
        render: () => (
          <ButtonRow variant="contained" colors={['primary', 'secondary', 'error', 'inherit']} />
        ),
      },
      {
        key: 'outlined',
        render: () => (
          <ButtonRow variant="outlined" colors={['primary', 'secondary', 'error', 'inherit']} />
        ),
      },
      {
        key: 'text',
        render: () => <ButtonRow variant="text" colors={['primary', 'secondary', 'inherit']} />,
      },
      { key: 'sizes', render: () => <ButtonSizes /> },
      { key: 'states', render: () => <ButtonStates /> },
    ],
  },
  {
    id: 'alert',
    name: 'Alert',
    source: 'src/theme/components.ts',
    variants: [{ key: 'severities', render: () => <AlertDemo /> }],
  },
  {
    id: 'chip',
    name: 'Chip',
    source: '@mui/material',
    variants: [{ key: 'default', render: () => <ChipDemo /> }],
  },
];

function LogoLinkDemo() {
  const { t } = useTranslation('common');
  return <Logo to="/" homeLabel={t('homeLink')} />;
}

function PageTitleDemo() {
  const { t } = useTranslation('general');
  return (
    <Box
      component="code"
      sx={{
        px: 1.5,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.neutral',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.875rem',
      }}
    >
      {`<title>${t('common:documentTitle', { page: t('gallery.title') })}</title>`}
    </Box>
  );
}

type DemoKind = 'empty' | 'helper' | 'error' | 'disabled' | 'password';

/** A field on its own little form, as the pages use it. */
function FormFieldDemo({ kind }: { kind: DemoKind }) {
  const { t } = useTranslation('general');
  const { control, setError } = useForm<{ value: string }>({
    defaultValues: {
      value: kind === 'disabled' ? t('gallery.entries.formTextField.sampleValue') : '',
    },
  });
  useEffect(() => {
    if (kind === 'error') setError('value', { type: 'demo' });
  }, [kind, setError]);
  const label = t(`gallery.entries.formTextField.labels.${kind}`);
  const errorText = () => t('validation.email');
  if (kind === 'password') {
    return (
      <FormPasswordField
        control={control}
        name="value"
        label={label}
        errorText={errorText}
        autoComplete="new-password"
      />
    );
  }
  return (
    <FormTextField
      control={control}
      name="value"
      label={label}
      helperText={kind === 'helper' ? t('gallery.entries.formTextField.helperText') : undefined}
      disabled={kind === 'disabled'}
      errorText={errorText}
    />
  );
}

type ButtonColor = 'primary' | 'secondary' | 'error' | 'inherit';

function ButtonRow({
  variant,
  colors,
}: {
  variant: 'contained' | 'outlined' | 'text';
  colors: ButtonColor[];
}) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {colors.map((color) => (
        <Button key={color} variant={variant} color={color}>
          {color}
        </Button>
      ))}
    </Stack>
  );
}

function ButtonSizes() {
  const { t } = useTranslation('general');
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {(['small', 'medium', 'large'] as const).map((size) => (
        <Button key={size} variant="contained" size={size}>
          {t(`gallery.sizes.${size}`)}
        </Button>
      ))}
    </Stack>
  );
}

function ButtonStates() {
  const { t } = useTranslation('general');
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Button variant="contained" startIcon={<SendIcon />}>
        {t('gallery.entries.button.labels.withIcon')}
      </Button>
      <Button variant="outlined" color="inherit" startIcon={<GlobeIcon />}>
        {t('gallery.entries.button.labels.withIcon')}
      </Button>
      <Button variant="contained" loading>
        {t('gallery.entries.button.labels.loading')}
      </Button>
      <Button variant="contained" disabled>
        {t('gallery.entries.button.labels.disabled')}
      </Button>
    </Stack>
  );
}

function AlertDemo() {
  const { t } = useTranslation('general');
  return (
    <Stack spacing={1.5} sx={{ width: '100%' }}>
      {(['info', 'success', 'warning', 'error'] as const).map((severity) => (
        <Alert key={severity} severity={severity} role="note">
          {t(`gallery.entries.alert.labels.${severity}`)}
        </Alert>
      ))}
    </Stack>
  );
}

function ChipDemo() {
  const { t } = useTranslation('general');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip label={t('gallery.entries.chip.labels.default')} />
      <Chip label={t('gallery.entries.chip.labels.outlined')} variant="outlined" />
      <Chip label={t('gallery.entries.chip.labels.small')} size="small" />
    </Stack>
  );
}
