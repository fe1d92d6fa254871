import { useState } from 'react';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@beacon/contract';
import { useFilesListInfiniteQuery } from '../api/files-api.ts';
import { FileKindIcon } from './file-kind-icon.tsx';

export interface FolderChooserDialogProps {
  title: string;
  submitLabel: string;
  /** The item being moved or copied: it and what is inside it cannot be chosen. */
  item: FileItem;
  busy: boolean;
  error: string | null;
  onChoose: (folderId: string | null) => void;
  onClose: () => void;
}

/** Walks the folders (from the root) to choose where an item goes. */
export function FolderChooserDialog({
  title,
  submitLabel,
  item,
  busy,
  error,
  onChoose,
  onClose,
}: FolderChooserDialogProps) {
  const { t } = useTranslation('files');
  const [folderId, setFolderId] = useState<string | null>(null);
  const query = useFilesListInfiniteQuery({
    view: 'folder',
    kind: 'folder',
    ...(folderId ? { folderId } : {}),
  });
  const page = query.data?.pages[0];
  const folders = (query.data?.pages.flatMap((p) => p.items) ?? []).filter((f) => f.id !== item.id);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 280 }}>
        <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ mb: 1 }}>
          <Link component="button" type="button" onClick={() => setFolderId(null)}>
            {t('root')}
          </Link>
          {page?.path.map((crumb) => (
            <Link
              key={crumb.id}
              component="button"
              type="button"
              onClick={() => setFolderId(crumb.id)}
            >
              <bdi>{crumb.name}</bdi>
            </Link>
          ))}
        </Breadcrumbs>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : query.isError ? (
          <Typography color="error">{t('errors.load')}</Typography>
        ) : folders.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('chooser.empty')}
          </Typography>
        ) : (
          <List dense>
            {folders.map((folder) => (
              <ListItemButton
                key={folder.id}
                onClick={() => setFolderId(folder.id)}
                disabled={!folder.canEdit}
              >
                <ListItemIcon>
                  <FileKindIcon kind="folder" size={28} />
                </ListItemIcon>
                <ListItemText primary={<bdi>{folder.name}</bdi>} />
              </ListItemButton>
            ))}
          </List>
        )}
        {error && <Typography color="error">{error}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || (page?.folder ? !page.folder.canEdit : false)}
          onClick={() => onChoose(folderId)}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
