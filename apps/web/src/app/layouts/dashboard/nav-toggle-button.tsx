import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../../../components/shell-icons.tsx';
import { HEADER } from '../../../theme/index.ts';

/** The round button on the menu's edge that folds the vertical menu to mini and back. */
export function NavToggleButton({ mini, onClick }: { mini: boolean; onClick: () => void }) {
  const { t } = useTranslation('navbar');
  return (
    <IconButton
      size="small"
      onClick={onClick}
      aria-label={mini ? t('nav.expand') : t('nav.collapse')}
      aria-pressed={mini}
      sx={(theme) => ({
        p: 0.5,
        position: 'absolute',
        top: HEADER.H_DASHBOARD_DESKTOP / 2 - 13,
        right: -13,
        zIndex: 1,
        color: 'text.secondary',
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.default',
        backdropFilter: 'blur(6px)',
        '&:hover': { color: 'text.primary', bgcolor: alpha(theme.palette.grey[500], 0.12) },
      })}
    >
      <ChevronLeftIcon
        sx={(theme) => ({
          fontSize: 16,
          transition: theme.transitions.create('transform'),
          // Points to where the menu goes: in when open, out when folded (mirrored right-to-left).
          transform: `scaleX(${(mini ? -1 : 1) * (theme.direction === 'rtl' ? -1 : 1)})`,
        })}
      />
    </IconButton>
  );
}
