import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../../components/page-title.tsx';
import { paletteText } from '../../../theme/components.ts';

/** A team page's title, subtitle and actions. */
export function TeamHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography component="h1" variant="h4" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          {subtitle && <Typography sx={{ color: 'text.secondary' }}>{subtitle}</Typography>}
        </Box>
        {actions}
      </Stack>
    </>
  );
}

type LabelColor = 'primary' | 'info' | 'success' | 'warning' | 'error' | 'default';

/** The colour of a role's label. */
export const roleColor = { admin: 'primary', contributor: 'info', viewer: 'default' } as const;

/**
 * A label (an outlined chip) whose text and outline are the colour's readable shade on the page
 * (`paletteText`), so it keeps 4.5:1 in both modes.
 */
export function Label({ color, label }: { color: LabelColor; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      sx={(theme) => {
        const text = color === 'default' ? theme.palette.text.primary : paletteText(theme, color);
        return { color: text, borderColor: text, fontWeight: 600 };
      }}
    />
  );
}
