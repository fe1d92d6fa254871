import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../../components/page-title.tsx';

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

/** The chip colour of a role. */
export const roleColor = { admin: 'primary', contributor: 'info', viewer: 'default' } as const;
