import { useId, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '../../../components/icons.tsx';
import { Scrollbar } from '../../../components/scrollbar.tsx';
import {
  ContrastIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  InfoIcon,
  MoonIcon,
  ResetIcon,
  StretchIcon,
  SunIcon,
  TextLtrIcon,
  TextRtlIcon,
} from '../../../components/shell-icons.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import {
  COLOR_PRESETS,
  PRESET_NAMES,
  STRETCH_MEDIA_QUERY,
  primaryText,
} from '../../../theme/index.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';
import { useSettings } from '../hooks/use-settings.ts';
import { THEME_LAYOUTS } from '../settings-config.ts';
import { LayoutPreview } from './layout-preview.tsx';
import { OptionCard } from './option-card.tsx';

export const SETTINGS_DRAWER_WIDTH = 360;

/**
 * The settings drawer: mode, contrast, direction, layout, stretch (only
 * offered above 1600 px), colour presets and full screen; a reset button with a dot when anything
 * differs from the defaults, and a close button.
 */
export function SettingsDrawer() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  const { drawerOpen, closeDrawer, update, reset, canReset } = settings;
  const stretchOffered = useMediaQuery(STRETCH_MEDIA_QUERY, { noSsr: true });
  const titleId = useId();

  return (
    <Drawer
      anchor="right"
      open={drawerOpen}
      onClose={closeDrawer}
      // The provider gives focus back to what opened the drawer (that may have been redrawn).
      disableRestoreFocus
      slotProps={{
        backdrop: { invisible: true },
        paper: {
          'aria-labelledby': titleId,
          sx: (theme) => ({
            width: { xs: '100%', sm: SETTINGS_DRAWER_WIDTH },
            maxWidth: '100%',
            display: 'flex',
            flexDirection: 'column',
            bgcolor: 'background.default',
            boxShadow: theme.customShadows.dialog,
          }),
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          py: 2,
          pr: 1,
          pl: 2.5,
          borderBottom: (theme) => `1px dashed ${theme.palette.divider}`,
        }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('title')}
        </Typography>
        <Tooltip title={t('reset')}>
          <IconButton
            onClick={reset}
            aria-label={canReset ? t('resetChanged') : t('reset')}
            data-changed={canReset || undefined}
          >
            <Badge
              color="error"
              variant="dot"
              invisible={!canReset}
              data-testid="settings-reset-dot"
            >
              <ResetIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={t('close')}>
          <IconButton onClick={closeDrawer} aria-label={t('close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>

      <Scrollbar sx={{ flex: 1 }}>
        <Box sx={{ px: 2.5, pt: 3, pb: 4, display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Section title={t('mode.title')}>
            <Options columns={2}>
              <OptionCard
                selected={settings.themeMode === 'light'}
                onClick={() => update('themeMode', 'light')}
                icon={<SunIcon fontSize="inherit" />}
                label={t('mode.light')}
              />
              <OptionCard
                selected={settings.themeMode === 'dark'}
                onClick={() => update('themeMode', 'dark')}
                icon={<MoonIcon fontSize="inherit" />}
                label={t('mode.dark')}
              />
            </Options>
          </Section>

          <Section title={t('contrast.title')}>
            <Options columns={2}>
              <OptionCard
                selected={settings.themeContrast === 'default'}
                onClick={() => update('themeContrast', 'default')}
                icon={<ContrastIcon fontSize="inherit" sx={{ opacity: 0.6 }} />}
                label={t('contrast.default')}
              />
              <OptionCard
                selected={settings.themeContrast === 'bold'}
                onClick={() => update('themeContrast', 'bold')}
                icon={<ContrastIcon fontSize="inherit" />}
                label={t('contrast.bold')}
              />
            </Options>
          </Section>

          <Section title={t('direction.title')}>
            <Options columns={2}>
              <OptionCard
                selected={settings.themeDirection === 'ltr'}
                onClick={() => update('themeDirection', 'ltr')}
                icon={<TextLtrIcon fontSize="inherit" />}
                label={t('direction.ltr')}
              />
              <OptionCard
                selected={settings.themeDirection === 'rtl'}
                onClick={() => update('themeDirection', 'rtl')}
                icon={<TextRtlIcon fontSize="inherit" />}
                label={t('direction.rtl')}
              />
            </Options>
          </Section>

          <Section title={t('layout.title')} hint={t('layout.hint')}>
            <Options columns={3}>
              {THEME_LAYOUTS.map((layout) => (
                <OptionCard
                  key={layout}
                  selected={settings.themeLayout === layout}
                  onClick={() => update('themeLayout', layout)}
                  icon={
                    <LayoutPreview layout={layout} selected={settings.themeLayout === layout} />
                  }
                  label={t(`layout.${layout}`)}
                />
              ))}
            </Options>
          </Section>

          {stretchOffered && (
            <Section
              title={t('stretch.title')}
              info={
                <Tooltip title={t('stretch.tooltip')} placement="top">
                  <IconButton size="small" aria-label={t('stretch.tooltip')} sx={{ p: 0.25 }}>
                    <InfoIcon sx={{ fontSize: 16 }} />
                  </IconButton>
                </Tooltip>
              }
            >
              <StretchOption
                selected={settings.themeStretch}
                onClick={() => update('themeStretch', !settings.themeStretch)}
                label={settings.themeStretch ? t('stretch.on') : t('stretch.off')}
              />
            </Section>
          )}

          <Section title={t('presets.title')}>
            <Options columns={3}>
              {PRESET_NAMES.map((name) => (
                <PresetOption
                  key={name}
                  color={COLOR_PRESETS[name].main}
                  label={t(`presets.${name}`)}
                  selected={settings.themeColorPresets === name}
                  onClick={() => update('themeColorPresets', name)}
                />
              ))}
            </Options>
          </Section>

          <FullscreenButton />
        </Box>
      </Scrollbar>
    </Drawer>
  );
}

function Section({
  title,
  hint,
  info,
  children,
}: {
  title: string;
  hint?: string;
  info?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
        <Typography id={id} variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
          {title}
        </Typography>
        {info}
      </Box>
      {children}
      {hint && (
        <Typography variant="caption" component="p" sx={{ mt: 1, color: 'text.secondary' }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}

function Options({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {children}
    </Box>
  );
}

function StretchOption({
  selected,
  onClick,
  label,
}: {
  selected: boolean;
  onClick: () => void;
  label: string;
}) {
  return (
    <OptionCard
      selected={selected}
      onClick={onClick}
      label={label}
      icon={
        <Box
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            width: selected ? 200 : 120,
            maxWidth: '100%',
            transition: theme.transitions.create('width'),
            color: selected ? primaryText(theme) : 'text.disabled',
          })}
        >
          <StretchIcon fontSize="inherit" sx={{ flex: 1, maxWidth: '100%' }} />
        </Box>
      }
    />
  );
}

function PresetOption({
  color,
  label,
  selected,
  onClick,
}: {
  color: string;
  label: string;
  selected: boolean;
  onClick: () => void;
}) {
  return (
    <ButtonBase
      aria-pressed={selected}
      aria-label={label}
      onClick={onClick}
      sx={(theme) => ({
        height: 64,
        borderRadius: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        border: `1px solid ${alpha(theme.palette.grey[500], 0.16)}`,
        transition: theme.transitions.create(['background-color', 'box-shadow']),
        '&:hover': { bgcolor: 'action.hover' },
        ...(selected && {
          bgcolor: alpha(color, 0.08),
          borderColor: alpha(color, 0.48),
          '&:hover': { bgcolor: alpha(color, 0.12) },
        }),
      })}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 28,
          height: 28,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: '#FFFFFF',
          bgcolor: color,
          boxShadow: `0 4px 8px 0 ${alpha(color, 0.32)}`,
          transition: 'transform 200ms',
          transform: selected ? 'scale(1.1)' : 'none',
        }}
      >
        {selected && <CheckIcon sx={{ fontSize: 18 }} />}
      </Box>
      <Typography
        variant="caption"
        sx={{ color: selected ? 'text.primary' : 'text.secondary', fontWeight: 600 }}
      >
        {label}
      </Typography>
    </ButtonBase>
  );
}

function FullscreenButton() {
  const { t } = useTranslation('settings');
  const { fullscreen, toggle } = useFullscreen();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Button
      variant="outlined"
      color="inherit"
      size="large"
      fullWidth
      aria-pressed={fullscreen}
      startIcon={fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
      onClick={() => {
        toggle().catch(() => enqueueSnackbar(t('fullscreen.unavailable'), { variant: 'error' }));
      }}
      sx={(theme) => ({
        borderColor: alpha(theme.palette.grey[500], 0.24),
        ...(fullscreen && {
          color: primaryText(theme),
          borderColor: alpha(primaryText(theme), 0.48),
          bgcolor: alpha(theme.palette.primary.main, 0.08),
        }),
      })}
    >
      {fullscreen ? t('fullscreen.exit') : t('fullscreen.enter')}
    </Button>
  );
}
