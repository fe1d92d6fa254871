import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { primaryText } from '../../../theme/index.ts';

export interface OptionCardProps {
  selected: boolean;
  onClick: () => void;
  icon?: ReactNode;
  label: ReactNode;
  /** The accessible name, when the visible label is not enough. */
  'aria-label'?: string;
  sx?: SxProps<Theme>;
}

/** One choice of a settings section: a card that shows when it is the chosen one. */
export function OptionCard({ selected, onClick, icon, label, sx, ...other }: OptionCardProps) {
  return (
    <ButtonBase
      aria-pressed={selected}
      aria-label={other['aria-label']}
      onClick={onClick}
      sx={[
        (theme) => ({
          width: '100%',
          minHeight: 72,
          px: 1,
          py: 1.5,
          gap: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 1.5,
          border: `1px solid ${alpha(theme.palette.grey[500], 0.16)}`,
          color: 'text.secondary',
          typography: 'caption',
          fontWeight: 600,
          transition: theme.transitions.create(['background-color', 'box-shadow', 'color']),
          '&:hover': { bgcolor: 'action.hover' },
          '& .option-icon': { display: 'inline-flex', fontSize: 28 },
          ...(selected && {
            color: 'text.primary',
            bgcolor: 'background.paper',
            borderColor: alpha(primaryText(theme), 0.48),
            boxShadow: theme.customShadows.card,
            '& .option-icon': { display: 'inline-flex', fontSize: 28, color: primaryText(theme) },
            '&:hover': { bgcolor: 'background.paper' },
          }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {icon && (
        <Box component="span" className="option-icon" aria-hidden="true">
          {icon}
        </Box>
      )}
      <span>{label}</span>
    </ButtonBase>
  );
}
