import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const TONES: Record<string, 'default' | 'info' | 'primary' | 'success' | 'warning' | 'error'> = {
  cold: 'default',
  approaching: 'info',
  replied: 'primary',
  interested: 'success',
  not_interested: 'warning',
  unresponsive: 'warning',
  do_not_contact: 'error',
};

/**
 * A person's stage as a small soft label, readable in light and dark (4.5:1 at least): the one
 * stage chip of the CRM (the table, a person's header, a list's members). `label` replaces the
 * stage's name from the `crm` words (a page that has its own).
 */
export function StageLabel({ stage, label }: { stage: string; label?: string }) {
  const { t } = useTranslation('crm');
  const tone = TONES[stage] ?? 'default';
  return (
    <Box
      component="span"
      sx={(theme: Theme) => {
        const dark = theme.palette.mode === 'dark';
        // The darkest (light mode) or lightest (dark mode) shade keeps 4.5:1 on the soft tint.
        const shades = tone === 'default' ? null : theme.palette[tone];
        const text = shades ? (dark ? shades.lighter : shades.darker) : theme.palette.text.primary;
        const tint = shades ? shades.main : theme.palette.grey[500];
        return {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: 1,
          borderRadius: 0.75,
          fontSize: 12,
          fontWeight: 700,
          whiteSpace: 'nowrap',
          color: text,
          bgcolor: alpha(tint, dark ? 0.24 : 0.16),
        };
      }}
    >
      {label ?? t(`enums.stage.${stage}` as never)}
    </Box>
  );
}
