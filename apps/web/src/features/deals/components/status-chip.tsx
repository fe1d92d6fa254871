import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DealStageKind } from '@beacon/contract';

const COLORS = { open: 'info', won: 'success', lost: 'error' } as const;

/** Open, won or lost, on a tint of its colour in the darkest shade (readable: WCAG AA). */
export function StatusChip({ status }: { status: DealStageKind }) {
  const { t } = useTranslation('deals');
  return (
    <Chip
      size="small"
      label={t(`kinds.${status}`)}
      sx={(theme) => {
        const shades = theme.palette[COLORS[status]];
        return {
          height: 22,
          fontWeight: 600,
          bgcolor: alpha(shades.main, 0.16),
          color: theme.palette.mode === 'light' ? shades.darker : shades.light,
        };
      }}
    />
  );
}
