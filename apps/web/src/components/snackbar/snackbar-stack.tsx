import { useEffect, useState, type ReactNode, type SVGProps } from 'react';
import Box from '@mui/material/Box';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { SnackbarVariant } from './snackbar-context.ts';
import { SNACKBAR_AUTO_HIDE_MS, type SnackbarItem } from './snackbar-queue.ts';

/** Solid icons, one per variant, readable on their tinted tile. */
const icons: Record<SnackbarVariant, (props: SVGProps<SVGSVGElement>) => ReactNode> = {
  success: (props) => (
    <svg viewBox="0 0 24 24" {...props}>
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.3 7.7-5 5a1 1 0 0 1-1.4 0l-2.2-2.2a1 1 0 1 1 1.4-1.4l1.5 1.5 4.3-4.3a1 1 0 0 1 1.4 1.4Z"
      />
    </svg>
  ),
  info: (props) => (
    <svg viewBox="0 0 24 24" {...props}>
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15a1 1 0 0 1-2 0v-5a1 1 0 0 1 2 0Zm-1-8.5A1.25 1.25 0 1 1 12 6a1.25 1.25 0 0 1 0 2.5Z"
      />
    </svg>
  ),
  warning: (props) => (
    <svg viewBox="0 0 24 24" {...props}>
      <path
        fill="currentColor"
        d="M10.3 3.6a2 2 0 0 1 3.4 0l8 13.5A2 2 0 0 1 20 20H4a2 2 0 0 1-1.7-2.9ZM12 8a1 1 0 0 0-1 1v4a1 1 0 0 0 2 0V9a1 1 0 0 0-1-1Zm0 7.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Z"
      />
    </svg>
  ),
  error: (props) => (
    <svg viewBox="0 0 24 24" {...props}>
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm3.7 12.3a1 1 0 0 1-1.4 1.4L12 13.4l-2.3 2.3a1 1 0 0 1-1.4-1.4l2.3-2.3-2.3-2.3a1 1 0 0 1 1.4-1.4l2.3 2.3 2.3-2.3a1 1 0 0 1 1.4 1.4L13.4 12Z"
      />
    </svg>
  ),
};

export interface SnackbarStackProps {
  items: SnackbarItem[];
  onClose: (id: string) => void;
  onExited: (id: string) => void;
}

/** The notifications on screen, at the top right; loaded with the first one. */
export default function SnackbarStack({ items, onClose, onExited }: SnackbarStackProps) {
  return (
    <Portal>
      <Box
        aria-live="polite"
        sx={(theme) => ({
          position: 'fixed',
          top: { xs: 16, sm: 24 },
          right: { xs: 16, sm: 24 },
          left: { xs: 16, sm: 'auto' },
          zIndex: theme.zIndex.snackbar,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-end',
          gap: 1.5,
          pointerEvents: 'none',
        })}
      >
        {items.map((item) => (
          <SnackbarCard key={item.id} item={item} onClose={onClose} onExited={onExited} />
        ))}
      </Box>
    </Portal>
  );
}

function SnackbarCard({
  item,
  onClose,
  onExited,
}: {
  item: SnackbarItem;
  onClose: (id: string) => void;
  onExited: (id: string) => void;
}) {
  const { t } = useTranslation('common', { useSuspense: false });
  const theme = useTheme();
  const [paused, setPaused] = useState(false);
  const { id, open, variant, message } = item;
  const Icon = icons[variant];
  const color = theme.palette[variant];

  useEffect(() => {
    if (!open || paused) return;
    const timer = setTimeout(() => onClose(id), SNACKBAR_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [id, open, paused, onClose]);

  return (
    <Grow in={open} appear onExited={() => onExited(id)} style={{ transformOrigin: 'top right' }}>
      <Paper
        role={variant === 'error' || variant === 'warning' ? 'alert' : 'status'}
        data-variant={variant}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        sx={{
          pointerEvents: 'auto',
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          width: { xs: '100%', sm: 'auto' },
          minWidth: { sm: 300 },
          maxWidth: { sm: 420 },
          p: 1,
          pr: 0.5,
          borderRadius: 1.5,
          bgcolor: 'background.paper',
          boxShadow: theme.customShadows.dropdown,
          border: `1px solid ${theme.palette.divider}`,
        }}
      >
        <Box
          aria-hidden="true"
          sx={{
            width: 40,
            height: 40,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 1.25,
            color: theme.palette.mode === 'dark' ? color.light : color.dark,
            bgcolor: alpha(color.main, 0.16),
          }}
        >
          <Icon width={24} height={24} />
        </Box>
        <Box sx={{ flex: 1, typography: 'subtitle2', color: 'text.primary', py: 0.5 }}>
          {message}
        </Box>
        <IconButton
          size="small"
          aria-label={t('close')}
          onClick={() => onClose(id)}
          sx={{ color: 'text.secondary' }}
        >
          <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true">
            <path
              d="M6 6l12 12M18 6 6 18"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
            />
          </svg>
        </IconButton>
      </Paper>
    </Grow>
  );
}
