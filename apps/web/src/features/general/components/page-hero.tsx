import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { accentColor } from '../utils/accent.ts';

export interface PageHeroProps {
  /** A short line above the heading. */
  eyebrow?: string;
  /** The page's one `<h1>`. */
  title: string;
  subtitle?: ReactNode;
  /** Anything under the subtitle: actions, a search field, a switch. */
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}

/** The top of a public page: eyebrow, heading and what the page is for, centred. */
export function PageHero({ eyebrow, title, subtitle, children, maxWidth = 'md' }: PageHeroProps) {
  return (
    <Box
      sx={(theme) => ({
        pt: { xs: 6, md: 10 },
        pb: { xs: 5, md: 7 },
        background: `radial-gradient(60% 90% at 50% 0%, ${alpha(theme.palette.primary.main, 0.1)} 0%, transparent 75%)`,
      })}
    >
      <Container maxWidth={maxWidth} sx={{ textAlign: 'center' }}>
        {eyebrow && (
          <Typography
            variant="overline"
            component="p"
            sx={(theme) => ({ color: accentColor(theme), mb: 1.5, display: 'block' })}
          >
            {eyebrow}
          </Typography>
        )}
        <Typography component="h1" variant="h2" sx={{ mb: subtitle ? 2 : 0 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography
            sx={{
              color: 'text.secondary',
              fontSize: { xs: '1rem', md: '1.125rem' },
              maxWidth: 680,
              mx: 'auto',
            }}
          >
            {subtitle}
          </Typography>
        )}
        {children && <Box sx={{ mt: 4 }}>{children}</Box>}
      </Container>
    </Box>
  );
}
