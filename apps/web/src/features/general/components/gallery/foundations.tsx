import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme, type PaletteColor, type Theme } from '@mui/material/styles';
import type { TypographyVariant } from '@mui/material/styles';
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import * as icons from '../../../../components/icons.tsx';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

const COLOR_KEYS = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const;
const SHADES = ['lighter', 'light', 'main', 'dark', 'darker'] as const;

function Swatch({ name, value }: { name: string; value: string }) {
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Box
        aria-hidden="true"
        sx={{ height: 56, borderRadius: 1.5, bgcolor: value, border: 1, borderColor: 'divider' }}
      />
      <Typography
        variant="caption"
        component="p"
        sx={{ fontWeight: 600, mt: 0.75, overflowWrap: 'anywhere' }}
      >
        {name}
      </Typography>
      <Typography
        variant="caption"
        component="p"
        sx={{ color: 'text.secondary', fontFamily: MONO, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function SwatchRow({
  title,
  swatches,
}: {
  title: string;
  swatches: { name: string; value: string }[];
}) {
  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1.5, fontFamily: MONO }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(3, 1fr)',
            sm: 'repeat(5, 1fr)',
            md: 'repeat(10, 1fr)',
          },
        }}
      >
        {swatches.map((swatch) => (
          <Swatch key={swatch.name} {...swatch} />
        ))}
      </Box>
    </Box>
  );
}

/** The palette of the live theme: each colour's shades, the greys, text and backgrounds. */
export function ColorsSection() {
  const theme = useTheme();
  const { palette } = theme;
  const greys = Object.entries(palette.grey)
    .filter(([key]) => /^\d+$/.test(key))
    .map(([name, value]) => ({ name, value: String(value) }));
  return (
    <Stack spacing={4}>
      {COLOR_KEYS.map((key) => {
        const color: PaletteColor = palette[key];
        return (
          <SwatchRow
            key={key}
            title={`palette.${key}`}
            swatches={[
              ...SHADES.map((shade) => ({ name: shade, value: color[shade] })),
              { name: 'contrastText', value: color.contrastText },
            ]}
          />
        );
      })}
      <SwatchRow title="palette.grey" swatches={greys} />
      <SwatchRow
        title="palette.text · palette.background"
        swatches={[
          { name: 'text.primary', value: palette.text.primary },
          { name: 'text.secondary', value: palette.text.secondary },
          { name: 'text.disabled', value: palette.text.disabled },
          { name: 'background.default', value: palette.background.default },
          { name: 'background.paper', value: palette.background.paper },
          { name: 'background.neutral', value: palette.background.neutral },
          { name: 'divider', value: palette.divider },
        ]}
      />
    </Stack>
  );
}

const TYPE_VARIANTS: TypographyVariant[] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'caption',
  'overline',
  'button',
];

function describeVariant(theme: Theme, variant: TypographyVariant): string {
  const style = theme.typography[variant];
  const size =
    typeof style.fontSize === 'string' && style.fontSize.endsWith('rem')
      ? `${parseFloat(style.fontSize) * 16}px`
      : String(style.fontSize ?? '');
  return [
    size,
    String(style.fontWeight ?? theme.typography.fontWeightRegular),
    String(style.lineHeight ?? ''),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Every typography variant of the theme, with its base size, weight and line height. */
export function TypographySection() {
  const { t } = useTranslation('general');
  const theme = useTheme();
  return (
    <Stack spacing={0}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3, fontFamily: MONO }}>
        {theme.typography.fontFamily}
      </Typography>
      {TYPE_VARIANTS.map((variant) => (
        <Box
          key={variant}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '200px 1fr' },
            gap: { xs: 0.5, md: 3 },
            alignItems: 'baseline',
            py: 2,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Box>
            <Typography variant="subtitle2" component="p" sx={{ fontFamily: MONO }}>
              {variant}
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {describeVariant(theme, variant)}
            </Typography>
          </Box>
          <Typography variant={variant} component="p" sx={{ overflowWrap: 'anywhere' }}>
            {t('gallery.typography.sample')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** `theme.shadows`, one tile per elevation. */
export function ShadowsSection() {
  const theme = useTheme();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' },
      }}
    >
      {theme.shadows.slice(1).map((shadow, index) => (
        <Paper
          component="li"
          key={index + 1}
          sx={{
            boxShadow: shadow,
            height: 88,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 2,
          }}
        >
          <Typography variant="subtitle2" component="span" sx={{ fontFamily: MONO }}>
            {`shadows[${index + 1}]`}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

const GRID_ROWS: number[][] = [[12], [6, 6], [4, 4, 4], [3, 3, 3, 3], [8, 4], [2, 2, 2, 2, 2, 2]];

function Cell({ label }: { label: string }) {
  return (
    <Box
      sx={(theme) => ({
        py: 1.5,
        textAlign: 'center',
        borderRadius: 1,
        fontFamily: MONO,
        fontSize: '0.8125rem',
        fontWeight: 600,
        ...(theme.palette.mode === 'dark'
          ? { bgcolor: 'rgba(91, 228, 155, 0.12)', color: theme.palette.primary.light }
          : { bgcolor: theme.palette.primary.lighter, color: theme.palette.primary.darker }),
      })}
    >
      {label}
    </Box>
  );
}

/** The twelve-column `Grid` and the theme's breakpoints. */
export function GridSection() {
  const { t } = useTranslation('general');
  const theme = useTheme();
  return (
    <Stack spacing={4}>
      <Stack spacing={2}>
        {GRID_ROWS.map((row) => (
          <Grid container spacing={2} key={row.join('-')}>
            {row.map((size, index) => (
              <Grid size={size} key={index}>
                <Cell label={`size=${size}`} />
              </Grid>
            ))}
          </Grid>
        ))}
        <Grid container spacing={2}>
          {[0, 1, 2, 3].map((index) => (
            <Grid size={{ xs: 12, sm: 6, md: 3 }} key={index}>
              <Cell label="xs=12 sm=6 md=3" />
            </Grid>
          ))}
        </Grid>
      </Stack>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ mb: 1.5 }}>
          {t('gallery.grid.breakpoints')}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 1.5 }}
        >
          {Object.entries(theme.breakpoints.values).map(([key, value]) => (
            <Box key={key} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1.5 }}>
              <Typography component="dt" variant="subtitle2" sx={{ fontFamily: MONO }}>
                {key}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.secondary' }}>
                {`${value}px`}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

/** Every icon that `src/components/icons.tsx` exports, found by name, so a new one shows up. */
const ICONS = Object.entries(icons as Record<string, unknown>)
  .filter(([name, value]) => /^[A-Z]\w*Icon$/.test(name) && typeof value === 'function')
  .map(([name, value]) => ({ name, Icon: value as ComponentType<SvgIconProps> }))
  .sort((a, b) => a.name.localeCompare(b.name));

export function IconsSection() {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' },
      }}
    >
      {ICONS.map(({ name, Icon }) => (
        <Box
          component="li"
          key={name}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            py: 2.5,
            px: 1,
            borderRadius: 1.5,
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Icon aria-hidden="true" />
          <Typography variant="caption" sx={{ fontFamily: MONO, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
