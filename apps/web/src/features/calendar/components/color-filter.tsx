import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@beacon/contract';
import { EVENT_COLORS, colorName } from '../utils/colors.ts';

export interface ColorFilterProps {
  events: CalendarEvent[];
  /** The colours shown (upper-case `#RRGGBB`); none selected shows every colour. */
  selected: string[];
  onChange: (selected: string[]) => void;
}

/** Shows only the events of the chosen colours: our colours, and any other an event has. */
export function ColorFilter({ events, selected, onChange }: ColorFilterProps) {
  const { t } = useTranslation('calendar');
  const labelId = useId();
  const palette: string[] = EVENT_COLORS.map((color) => color.value);
  const others = [...new Set(events.map((event) => event.color.toUpperCase()))].filter(
    (color) => !palette.includes(color),
  );
  const label = (color: string) => {
    const name = colorName(color);
    return name ? t(`colors.${name}`) : color;
  };
  const toggle = (color: string) =>
    onChange(selected.includes(color) ? selected.filter((c) => c !== color) : [...selected, color]);

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.75 }}
    >
      <Typography id={labelId} variant="body2" sx={{ color: 'text.secondary', me: 0.5 }}>
        {t('filters.colors')}
      </Typography>
      {[...palette, ...others].map((color) => {
        const pressed = selected.includes(color);
        return (
          <Tooltip key={color} title={label(color)}>
            <ButtonBase
              aria-label={label(color)}
              aria-pressed={pressed}
              onClick={() => toggle(color)}
              sx={(theme) => ({
                width: 28,
                height: 28,
                borderRadius: '50%',
                bgcolor: color,
                opacity: selected.length === 0 || pressed ? 1 : 0.35,
                boxShadow: pressed
                  ? `0 0 0 2px ${theme.palette.background.paper}, 0 0 0 4px ${color}`
                  : 'none',
                transition: theme.transitions.create(['opacity', 'box-shadow']),
                '&.Mui-focusVisible': {
                  outline: `2px solid ${theme.palette.text.primary}`,
                  outlineOffset: 4,
                },
              })}
            />
          </Tooltip>
        );
      })}
      {selected.length > 0 && (
        <ButtonBase
          onClick={() => onChange([])}
          sx={{
            ms: 0.5,
            px: 1,
            py: 0.25,
            borderRadius: 1,
            typography: 'body2',
            color: 'primary.dark',
            fontWeight: 600,
          }}
        >
          {t('filters.clear')}
        </ButtonBase>
      )}
    </Box>
  );
}
