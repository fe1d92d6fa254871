import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@beacon/contract';
import { formatBytes } from '../../utils/bytes.ts';
import { FileThumbnail } from '../file-thumbnail.tsx';
import { SearchIcon } from '../icons.tsx';
import { ChevronRightIcon, FileIcon, FolderIcon } from '../shell-icons.tsx';
import { useUploadPickerFilesInfiniteQuery } from './picker-api.ts';

/** A file of the files manager the member picked: the area's server copies its bytes. */
export interface PickedFile {
  fileId: string;
  name: string;
  size: number;
  mimeType: string;
}

export interface FromFilesTabProps {
  /** The files picked so far, by id. */
  picked: ReadonlyMap<string, PickedFile>;
  onToggle: (file: PickedFile) => void;
  /** The area's limit: larger files are shown, not offered. */
  maxBytes?: number;
  /** No more may be picked (the area's count is reached): only picked ones can be unpicked. */
  full: boolean;
}

/**
 * The picker's "From files" tab: the member's files of the files manager (what they see, outside
 * the trash), folder by folder or searched by name across every folder, each picked with a
 * checkbox. Folders open; files larger than the area takes are shown greyed with the limit.
 */
export function FromFilesTab({ picked, onToggle, maxBytes, full }: FromFilesTabProps) {
  const { t, i18n } = useTranslation('common');
  const locale = i18n.resolvedLanguage ?? 'en';
  const [folderId, setFolderId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // The search follows the typing once it pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useUploadPickerFilesInfiniteQuery({ folderId, q });
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const path = list.data?.pages[0]?.path ?? [];

  const open = (item: FileItem) => {
    setTyped('');
    setQ('');
    setFolderId(item.id);
  };

  return (
    <Stack spacing={1.5} data-testid="picker-from-files">
      <TextField
        size="small"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        label={t('upload.files.search')}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {!q && (
        <Breadcrumbs
          aria-label={t('upload.files.breadcrumbs')}
          separator={<ChevronRightIcon fontSize="small" />}
        >
          {folderId === null ? (
            <Typography variant="body2" aria-current="page">
              {t('upload.files.root')}
            </Typography>
          ) : (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => setFolderId(null)}
            >
              {t('upload.files.root')}
            </Link>
          )}
          {path.map((crumb, index) =>
            index === path.length - 1 ? (
              <Typography key={crumb.id} variant="body2" aria-current="page">
                <bdi>{crumb.name}</bdi>
              </Typography>
            ) : (
              <Link
                key={crumb.id}
                component="button"
                type="button"
                variant="body2"
                onClick={() => setFolderId(crumb.id)}
              >
                <bdi>{crumb.name}</bdi>
              </Link>
            ),
          )}
        </Breadcrumbs>
      )}
      {list.isLoading ? (
        <Box role="status" aria-label={t('upload.files.loading')}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={44} sx={{ mb: 0.5 }} />
          ))}
        </Box>
      ) : list.isError && items.length === 0 ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('upload.retry')}
            </Button>
          }
        >
          {t('upload.files.failed')}
        </Alert>
      ) : items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2, textAlign: 'center' }}>
          {q ? t('upload.files.noMatch', { q }) : t('upload.files.empty')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {items.map((item) => {
            if (item.isFolder) {
              return (
                <ListItemButton
                  key={item.id}
                  onClick={() => open(item)}
                  aria-label={t('upload.files.open', { name: item.name })}
                >
                  <ListItemIcon sx={{ minWidth: 44 }}>
                    <FolderIcon />
                  </ListItemIcon>
                  <ListItemText primary={<bdi>{item.name}</bdi>} />
                  <ChevronRightIcon fontSize="small" aria-hidden />
                </ListItemButton>
              );
            }
            const chosen = picked.has(item.id);
            const tooLarge = maxBytes !== undefined && item.size > maxBytes;
            const disabled = tooLarge || (full && !chosen);
            const labelId = `picker-file-${item.id}`;
            // The checkbox is the one control of the row; the whole row is its label.
            return (
              <ListItem key={item.id} disablePadding>
                <Box
                  component="label"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    width: 1,
                    px: 2,
                    py: 0.5,
                    borderRadius: 1,
                    cursor: disabled ? 'default' : 'pointer',
                    opacity: disabled ? 0.6 : 1,
                    bgcolor: chosen ? 'action.selected' : 'transparent',
                    '&:hover': disabled ? undefined : { bgcolor: 'action.hover' },
                  }}
                >
                  <Checkbox
                    edge="start"
                    checked={chosen}
                    disabled={disabled}
                    onChange={() =>
                      onToggle({
                        fileId: item.id,
                        name: item.name,
                        size: item.size,
                        mimeType: item.mimeType,
                      })
                    }
                    slotProps={{ input: { 'aria-labelledby': labelId } }}
                  />
                  <Box sx={{ mx: 1.5, display: 'flex' }}>
                    <FileThumbnail
                      address={item.previewUrl}
                      size={32}
                      fallback={<FileIcon fontSize="small" />}
                    />
                  </Box>
                  <ListItemText
                    primary={<bdi>{item.name}</bdi>}
                    secondary={
                      tooLarge
                        ? t('upload.files.tooLarge', { size: formatBytes(maxBytes, locale) })
                        : formatBytes(item.size, locale)
                    }
                    slotProps={{ primary: { id: labelId, sx: { overflowWrap: 'anywhere' } } }}
                  />
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
      {list.hasNextPage && (
        <Button
          size="small"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('upload.files.more')}
        </Button>
      )}
    </Stack>
  );
}
