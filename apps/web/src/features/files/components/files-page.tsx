import { useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { FileItem, FileKind, FileSort, FileView } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import {
  UploadDropZone,
  UploadList,
  useUploadQueue,
  type DroppedFile,
} from '../../../components/upload/index.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { saveFile } from '../../../utils/save-file.ts';
import {
  fetchFileContent,
  fetchStreamUrl,
  useFilesChangeMutation,
  useFilesCopyMutation,
  useFilesEmptyTrashMutation,
  useFilesFromUploadMutation,
  useFilesListInfiniteQuery,
  useFilesMoveMutation,
  useFilesNewFolderMutation,
  useFilesRemoveMutation,
  useFilesRestoreMutation,
  useFilesStarMutation,
  useFilesTrashMutation,
} from '../api/files-api.ts';
import { DetailsPanel } from './details-panel.tsx';
import { FileItems, ITEM_DRAG_TYPE } from './file-items.tsx';
import { FilePreview, previewable } from './file-preview.tsx';
import { StorageUsageLine } from './storage-usage-line.tsx';
import { FolderChooserDialog } from './folder-chooser-dialog.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';

const VIEWS: FileView[] = ['folder', 'starred', 'shared', 'recent', 'trash'];
const KINDS: FileKind[] = [
  'folder',
  'image',
  'pdf',
  'document',
  'spreadsheet',
  'presentation',
  'audio',
  'video',
  'archive',
  'text',
  'other',
];
const SORTS: FileSort[] = ['name', 'size', 'type', 'date'];

type Dialogs =
  | { type: 'newFolder' }
  | { type: 'rename' | 'move' | 'copy' | 'share' | 'link' | 'preview' | 'remove'; item: FileItem }
  | { type: 'emptyTrash' }
  | null;

export interface FilesPageProps {
  myId: string;
  /** Admins and contributors upload and organise; viewers read. */
  canEdit: boolean;
}

/**
 * `/dashboard/files-manager` (issue 11): the workspace's folders and files as a grid or a list,
 * with breadcrumbs, search, sort and filter, a details panel, drag-and-drop uploads of files and
 * folders with their progress, moves by dragging onto a folder, sharing, public links, previews
 * and zip downloads.
 */
export function FilesPage({ myId, canEdit }: FilesPageProps) {
  const { t, i18n } = useTranslation('files');
  const locale = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [params, setParams] = useSearchParams();
  const view = (
    VIEWS.includes(params.get('view') as FileView) ? params.get('view') : 'folder'
  ) as FileView;
  const folderId = view === 'folder' ? (params.get('folder') ?? undefined) : undefined;
  const q = params.get('q') ?? '';
  const kind = KINDS.includes(params.get('kind') as FileKind)
    ? (params.get('kind') as FileKind)
    : undefined;
  const sort = SORTS.includes(params.get('sort') as FileSort)
    ? (params.get('sort') as FileSort)
    : view === 'recent'
      ? 'date'
      : 'name';
  const order: 'asc' | 'desc' =
    params.get('order') === 'desc' || (view === 'recent' && !params.get('order')) ? 'desc' : 'asc';
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The details panel opens on demand (a click only selects: nothing moves under the pointer).
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [menu, setMenu] = useState<{ item: FileItem; anchor: HTMLElement } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [pageDrop, setPageDrop] = useState(false);

  const arg = useMemo(
    () => ({
      view,
      sort,
      order,
      ...(folderId ? { folderId } : {}),
      ...(q ? { q } : {}),
      ...(kind ? { kind } : {}),
    }),
    [view, sort, order, folderId, q, kind],
  );
  const list = useFilesListInfiniteQuery(arg);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const first = list.data?.pages[0];
  const here = first?.folder ?? null;
  const canUploadHere = canEdit && view === 'folder' && !q && (here ? here.canEdit : true);

  const [newFolder, newFolderState] = useFilesNewFolderMutation();
  const [change, changeState] = useFilesChangeMutation();
  const [move, moveState] = useFilesMoveMutation();
  const [copy, copyState] = useFilesCopyMutation();
  const [star] = useFilesStarMutation();
  const [trash] = useFilesTrashMutation();
  const [restore] = useFilesRestoreMutation();
  const [remove] = useFilesRemoveMutation();
  const [emptyTrash] = useFilesEmptyTrashMutation();
  const [fromUpload] = useFilesFromUploadMutation();

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  const openFolder = (id: string | null) => {
    setSelectedId(null);
    setParam({ view: null, folder: id, q: null });
  };
  const failed = (error: unknown) => setActionError(areaErrorText(t, 'files', error));
  const run = (work: Promise<unknown>) => {
    setActionError(null);
    work.catch(failed);
  };

  // Dropped folders are made again in the folder the drop landed in, each once.
  const folders = useRef(new Map<string, Promise<string | null>>());
  const folderFor = useCallback(
    (base: string | null, relativePath: string): Promise<string | null> => {
      const parts = relativePath.split('/').slice(0, -1);
      let parent: Promise<string | null> = Promise.resolve(base);
      let key = base ?? '';
      for (const part of parts) {
        key = `${key}/${part}`;
        const known = folders.current.get(key);
        if (known) {
          parent = known;
          continue;
        }
        const made = parent.then(
          async (parentId) => (await newFolder({ parentId, name: part }).unwrap()).id,
        );
        made.catch(() => folders.current.delete(key));
        folders.current.set(key, made);
        parent = made;
      }
      return parent;
    },
    [newFolder],
  );
  const queue = useUploadQueue({
    onUploaded: async (entry, uploadId) => {
      const base = (entry.meta as string | null | undefined) ?? null;
      const parent = await folderFor(base, entry.relativePath);
      await fromUpload({ uploadId, folderId: parent, name: entry.file.name }).unwrap();
    },
  });
  const addFiles = (files: DroppedFile[]) => {
    const base = folderId ?? null;
    queue.add(files.map((f) => ({ ...f, meta: base })));
  };

  const onPageDrop = (event: DragEvent) => {
    if (!canUploadHere || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setPageDrop(false);
    void import('../../../components/upload/dropped-files.ts').then(({ droppedFiles }) =>
      droppedFiles(event.dataTransfer).then(addFiles),
    );
  };

  const download = async (item: FileItem) => {
    try {
      const blob = await fetchFileContent(item.id, false);
      saveFile(blob, item.isFolder ? `${item.name}.zip` : item.name);
    } catch (error) {
      failed(error);
    }
  };

  const open = (item: FileItem) => {
    if (item.trashedAt) {
      setSelectedId(item.id);
      return setDetailsOpen(true);
    }
    if (item.isFolder) return openFolder(item.id);
    if (previewable(item.kind, item.mimeType)) return setDialog({ type: 'preview', item });
    void download(item);
  };

  const onDropOnFolder = (id: string, folder: FileItem | null) =>
    run(move({ id, folderId: folder?.id ?? null }).unwrap());

  const crumbDrop = (folder: string | null) => ({
    onDragOver: (event: DragEvent) => {
      if (canEdit && event.dataTransfer.types.includes(ITEM_DRAG_TYPE)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const id = event.dataTransfer.getData(ITEM_DRAG_TYPE);
      if (!id) return;
      event.preventDefault();
      run(move({ id, folderId: folder }).unwrap());
    },
  });

  const menuItem = menu?.item;
  const closeMenu = () => setMenu(null);
  const details =
    selectedId && detailsOpen ? (
      <DetailsPanel id={selectedId} locale={locale} onClose={() => setDetailsOpen(false)} />
    ) : null;

  const empty =
    view === 'trash'
      ? t('empty.trash')
      : view === 'starred'
        ? t('empty.starred')
        : view === 'shared'
          ? t('empty.shared')
          : q || kind
            ? t('empty.search')
            : t('empty.folder');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageTitle title={t('title')} />
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        {canUploadHere && (
          <Button variant="contained" onClick={() => setDialog({ type: 'newFolder' })}>
            {t('actions.newFolder')}
          </Button>
        )}
        {view === 'trash' && canEdit && items.length > 0 && (
          <Button
            color="error"
            variant="outlined"
            onClick={() => setDialog({ type: 'emptyTrash' })}
          >
            {t('actions.emptyTrash')}
          </Button>
        )}
      </Stack>
      <StorageUsageLine locale={locale} />

      <Tabs
        value={view}
        onChange={(_event, value: FileView) => {
          setSelectedId(null);
          setParam({
            view: value === 'folder' ? null : value,
            folder: null,
            sort: null,
            order: null,
          });
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('views.label')}
        sx={{
          // Tabs in the text colour (the brand green is too light for text on white).
          '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
          '& .MuiTabs-indicator': { bgcolor: 'text.primary' },
        }}
      >
        {VIEWS.map((v) => (
          <Tab key={v} value={v} label={t(`views.${v}`)} />
        ))}
      </Tabs>

      {canUploadHere && <UploadDropZone dense folders onFiles={addFiles} />}
      <UploadList
        entries={queue.entries}
        overall={queue.overall}
        onRetry={queue.retry}
        onCancel={queue.cancel}
        onClear={queue.clearFinished}
      />

      <Card sx={{ display: 'flex', minHeight: 420 }}>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            p: { xs: 2, md: 2.5 },
            position: 'relative',
            outline: pageDrop ? 2 : 0,
            outlineColor: 'primary.main',
            outlineStyle: 'dashed',
          }}
          onDragOver={(event) => {
            if (canUploadHere && event.dataTransfer.types.includes('Files')) {
              event.preventDefault();
              setPageDrop(true);
            }
          }}
          onDragLeave={() => setPageDrop(false)}
          onDrop={onPageDrop}
        >
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1.5}
            sx={{ mb: 2, alignItems: { md: 'center' } }}
          >
            <TextField
              size="small"
              placeholder={t('search.placeholder')}
              defaultValue={q}
              key={`${view}-${folderId ?? ''}`}
              onKeyDown={(event) => {
                if (event.key === 'Enter')
                  setParam({ q: (event.target as HTMLInputElement).value.trim() });
              }}
              onBlur={(event) =>
                event.target.value.trim() !== q && setParam({ q: event.target.value.trim() })
              }
              slotProps={{
                htmlInput: { 'aria-label': t('search.label'), dir: 'auto' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
              sx={{ flexGrow: 1, maxWidth: { md: 360 } }}
            />
            <TextField
              select
              size="small"
              label={t('filter.kind')}
              value={kind ?? ''}
              onChange={(event) => setParam({ kind: event.target.value })}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">{t('filter.all')}</MenuItem>
              {KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('sort.label')}
              value={`${sort}:${order}`}
              onChange={(event) => {
                const [s, o] = event.target.value.split(':');
                setParam({ sort: s ?? null, order: o ?? null });
              }}
              sx={{ minWidth: 170 }}
            >
              {SORTS.flatMap((s) =>
                (['asc', 'desc'] as const).map((o) => (
                  <MenuItem key={`${s}:${o}`} value={`${s}:${o}`}>
                    {t(`sort.${s}_${o}`)}
                  </MenuItem>
                )),
              )}
            </TextField>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={layout}
              onChange={(_event, value: 'grid' | 'list' | null) => value && setLayout(value)}
              aria-label={t('layout.label')}
            >
              <ToggleButton value="grid">{t('layout.grid')}</ToggleButton>
              <ToggleButton value="list">{t('layout.list')}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>

          {view === 'folder' && !q && (
            <Breadcrumbs
              aria-label={t('breadcrumbs')}
              sx={{ mb: 2 }}
              data-testid="files-breadcrumbs"
            >
              <Link
                component="button"
                type="button"
                onClick={() => openFolder(null)}
                {...crumbDrop(null)}
              >
                {t('root')}
              </Link>
              {first?.path.map((crumb, index) =>
                index === first.path.length - 1 ? (
                  <Typography key={crumb.id} color="text.primary" aria-current="page">
                    <bdi>{crumb.name}</bdi>
                  </Typography>
                ) : (
                  <Link
                    key={crumb.id}
                    component="button"
                    type="button"
                    onClick={() => openFolder(crumb.id)}
                    {...crumbDrop(crumb.id)}
                  >
                    <bdi>{crumb.name}</bdi>
                  </Link>
                ),
              )}
            </Breadcrumbs>
          )}

          {actionError && (
            <Alert severity="error" onClose={() => setActionError(null)} sx={{ mb: 2 }}>
              {actionError}
            </Alert>
          )}

          {list.isLoading ? (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: 'repeat(2, 1fr)',
                  sm: 'repeat(3, 1fr)',
                  lg: 'repeat(5, 1fr)',
                },
              }}
            >
              {Array.from({ length: 10 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={130} />
              ))}
            </Box>
          ) : list.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                  {t('actions.retry')}
                </Button>
              }
            >
              {areaErrorText(t, 'files', list.error)}
            </Alert>
          ) : items.length === 0 ? (
            <Box sx={{ py: 8, textAlign: 'center' }} data-testid="files-empty">
              <Typography variant="h6" component="p">
                {empty}
              </Typography>
              {canUploadHere && !q && !kind && (
                <Typography color="text.secondary">{t('empty.dropHint')}</Typography>
              )}
            </Box>
          ) : (
            <>
              <FileItems
                items={items}
                layout={layout}
                selectedId={selectedId}
                locale={locale}
                onSelect={(item) => setSelectedId(item.id)}
                onOpen={open}
                onMenu={(item, anchor) => setMenu({ item, anchor })}
                onStar={(item, starred) => run(star({ id: item.id, starred }).unwrap())}
                onDropOnFolder={(id, folder) => onDropOnFolder(id, folder)}
                draggable={canEdit && view !== 'trash'}
              />
              <LoadMoreButton pages={list} sx={{ p: 0, mt: 2 }} />
            </>
          )}
        </Box>
        {wide && details && (
          <Box sx={{ width: 320, flexShrink: 0, borderInlineStart: 1, borderColor: 'divider' }}>
            {details}
          </Box>
        )}
      </Card>
      {!wide && (
        <Drawer
          anchor="right"
          open={Boolean(details)}
          onClose={() => setDetailsOpen(false)}
          slotProps={{ paper: { sx: { width: 320, maxWidth: '90vw' } } }}
        >
          {details}
        </Drawer>
      )}

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={closeMenu}>
        {menuItem && [
          ...(menuItem.trashedAt
            ? [
                <MenuItem
                  key="restore"
                  disabled={!menuItem.canEdit}
                  onClick={() => {
                    closeMenu();
                    run(restore(menuItem.id).unwrap());
                  }}
                >
                  {t('actions.restore')}
                </MenuItem>,
                <MenuItem
                  key="remove"
                  disabled={!menuItem.canEdit}
                  onClick={() => {
                    closeMenu();
                    setDialog({ type: 'remove', item: menuItem });
                  }}
                >
                  {t('actions.removeForGood')}
                </MenuItem>,
              ]
            : [
                <MenuItem
                  key="open"
                  onClick={() => {
                    closeMenu();
                    open(menuItem);
                  }}
                >
                  {menuItem.isFolder ? t('actions.open') : t('actions.preview')}
                </MenuItem>,
                <MenuItem
                  key="details"
                  onClick={() => {
                    closeMenu();
                    setSelectedId(menuItem.id);
                    setDetailsOpen(true);
                  }}
                >
                  {t('actions.details')}
                </MenuItem>,
                <MenuItem
                  key="download"
                  onClick={() => {
                    closeMenu();
                    void download(menuItem);
                  }}
                >
                  {menuItem.isFolder ? t('actions.downloadZip') : t('actions.download')}
                </MenuItem>,
                ...(menuItem.canEdit
                  ? [
                      <MenuItem
                        key="rename"
                        onClick={() => {
                          closeMenu();
                          setDialog({ type: 'rename', item: menuItem });
                        }}
                      >
                        {t('actions.rename')}
                      </MenuItem>,
                      <MenuItem
                        key="move"
                        onClick={() => {
                          closeMenu();
                          setDialog({ type: 'move', item: menuItem });
                        }}
                      >
                        {t('actions.move')}
                      </MenuItem>,
                    ]
                  : []),
                ...(canEdit
                  ? [
                      <MenuItem
                        key="copy"
                        onClick={() => {
                          closeMenu();
                          setDialog({ type: 'copy', item: menuItem });
                        }}
                      >
                        {t('actions.copy')}
                      </MenuItem>,
                    ]
                  : []),
                ...(menuItem.canShare
                  ? [
                      <MenuItem
                        key="share"
                        onClick={() => {
                          closeMenu();
                          setDialog({ type: 'share', item: menuItem });
                        }}
                      >
                        {t('actions.share')}
                      </MenuItem>,
                      <MenuItem
                        key="link"
                        onClick={() => {
                          closeMenu();
                          setDialog({ type: 'link', item: menuItem });
                        }}
                      >
                        {t('actions.publicLink')}
                      </MenuItem>,
                    ]
                  : []),
                ...(menuItem.canEdit
                  ? [
                      <MenuItem
                        key="trash"
                        sx={{ color: 'error.main' }}
                        onClick={() => {
                          closeMenu();
                          run(trash(menuItem.id).unwrap());
                        }}
                      >
                        {t('actions.trash')}
                      </MenuItem>,
                    ]
                  : []),
              ]),
        ]}
      </Menu>

      {dialog?.type === 'newFolder' && (
        <NameDialog
          title={t('actions.newFolder')}
          initial=""
          submitLabel={t('actions.create')}
          busy={newFolderState.isLoading}
          error={newFolderState.isError ? areaErrorText(t, 'files', newFolderState.error) : null}
          onClose={() => setDialog(null)}
          onSubmit={(name) =>
            void newFolder({ parentId: folderId ?? null, name })
              .unwrap()
              .then(() => setDialog(null))
              .catch(() => undefined)
          }
        />
      )}
      {dialog?.type === 'rename' && (
        <NameDialog
          title={t('actions.rename')}
          initial={dialog.item.name}
          submitLabel={t('actions.save')}
          busy={changeState.isLoading}
          error={changeState.isError ? areaErrorText(t, 'files', changeState.error) : null}
          onClose={() => setDialog(null)}
          onSubmit={(name) =>
            void change({ id: dialog.item.id, name })
              .unwrap()
              .then(() => setDialog(null))
              .catch(() => undefined)
          }
        />
      )}
      {(dialog?.type === 'move' || dialog?.type === 'copy') && (
        <FolderChooserDialog
          title={t(dialog.type === 'move' ? 'chooser.moveTitle' : 'chooser.copyTitle', {
            name: dialog.item.name,
          })}
          submitLabel={t(dialog.type === 'move' ? 'chooser.moveHere' : 'chooser.copyHere')}
          item={dialog.item}
          busy={moveState.isLoading || copyState.isLoading}
          error={
            dialog.type === 'move' && moveState.isError
              ? areaErrorText(t, 'files', moveState.error)
              : dialog.type === 'copy' && copyState.isError
                ? areaErrorText(t, 'files', copyState.error)
                : null
          }
          onClose={() => setDialog(null)}
          onChoose={(target) =>
            void (dialog.type === 'move' ? move : copy)({ id: dialog.item.id, folderId: target })
              .unwrap()
              .then(() => setDialog(null))
              .catch(() => undefined)
          }
        />
      )}
      {dialog?.type === 'share' && (
        <ShareDialog item={dialog.item} myId={myId} onClose={() => setDialog(null)} />
      )}
      {dialog?.type === 'link' && (
        <LinkDialog item={dialog.item} locale={locale} onClose={() => setDialog(null)} />
      )}
      {dialog?.type === 'preview' && (
        <Dialog open onClose={() => setDialog(null)} fullWidth maxWidth="md">
          <DialogTitle>
            <bdi>{dialog.item.name}</bdi>
          </DialogTitle>
          <DialogContent>
            <FilePreview
              key={dialog.item.id}
              name={dialog.item.name}
              kind={dialog.item.kind}
              mimeType={dialog.item.mimeType}
              load={() => fetchFileContent(dialog.item.id)}
              stream={() => fetchStreamUrl(dialog.item.id)}
            />
          </DialogContent>
        </Dialog>
      )}
      {dialog?.type === 'remove' && (
        <ConfirmDialog
          open
          title={t('confirm.removeTitle')}
          text={t('confirm.remove', { name: dialog.item.name })}
          confirmLabel={t('actions.removeForGood')}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            const id = dialog.item.id;
            setDialog(null);
            if (selectedId === id) setSelectedId(null);
            run(remove(id).unwrap());
          }}
        />
      )}
      {dialog?.type === 'emptyTrash' && (
        <ConfirmDialog
          open
          title={t('actions.emptyTrash')}
          text={t('confirm.emptyTrash')}
          confirmLabel={t('actions.emptyTrash')}
          onClose={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            setSelectedId(null);
            run(emptyTrash().unwrap());
          }}
        />
      )}
    </Box>
  );
}
