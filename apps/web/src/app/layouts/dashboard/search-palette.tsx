import { lazy, Suspense, useEffect, useState } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons.tsx';
import type { NavGroupData } from '../../../components/nav-section/index.ts';
import { Kbd } from '../../../components/kbd.tsx';

/**
 * The dialog (MUI's Dialog, Modal and the search) is a chunk of its own, loaded when the palette
 * is first opened or its button is pointed at or focused: it is not on a page's first load.
 */
const loadDialog = () => import('./search-dialog.tsx');
const SearchDialog = lazy(async () => ({ default: (await loadDialog()).SearchDialog }));
const preloadDialog = () => void loadDialog();

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Search in the header: a command palette over the menu. Ctrl+K (⌘K) opens it from anywhere;
 * arrows move, Enter opens, Escape closes.
 */
export function SearchPalette({ data, compact }: { data: NavGroupData[]; compact: boolean }) {
  const { t } = useTranslation('navbar');
  const [open, setOpen] = useState(false);
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {compact ? (
        <IconButton
          aria-label={t('search.open')}
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
        >
          <SearchIcon />
        </IconButton>
      ) : (
        <ButtonBase
          aria-label={t('search.open')}
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          sx={(theme) => ({
            gap: 1,
            pl: 1.25,
            pr: 0.75,
            py: 0.75,
            minWidth: 200,
            justifyContent: 'flex-start',
            borderRadius: 1.5,
            color: 'text.secondary',
            bgcolor: alpha(theme.palette.grey[500], 0.08),
            transition: theme.transitions.create('background-color'),
            '&:hover': { bgcolor: alpha(theme.palette.grey[500], 0.16) },
          })}
        >
          <SearchIcon sx={{ fontSize: 20 }} />
          <Typography variant="body2" component="span" sx={{ flex: 1, textAlign: 'left' }}>
            {t('search.label')}
          </Typography>
          <Kbd color="text.secondary">{shortcut}</Kbd>
        </ButtonBase>
      )}
      {open && (
        <Suspense fallback={null}>
          <SearchDialog data={data} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
