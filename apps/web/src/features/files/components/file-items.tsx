import { useState, type DragEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@beacon/contract';
import { formatBytes } from '../../../utils/bytes.ts';
import { FileThumbnail, useThumbnail } from '../../../components/file-thumbnail.tsx';
import { LockIcon } from '../../../components/icons.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { FileKindIcon } from './file-kind-icon.tsx';
import { StarToggle } from './star-toggle.tsx';

/** The drag type of an item moved onto a folder (files from the computer are `Files`). */
export const ITEM_DRAG_TYPE = 'application/x-beacon-file-item';

export interface FileItemsProps {
  items: FileItem[];
  layout: 'grid' | 'list';
  selectedId: string | null;
  locale: string;
  /** A click: select (details). */
  onSelect: (item: FileItem) => void;
  /** A double click or Enter: open a folder, preview a file. */
  onOpen: (item: FileItem) => void;
  onMenu: (item: FileItem, anchor: HTMLElement) => void;
  onStar: (item: FileItem, starred: boolean) => void;
  /** An item dropped onto a folder of the list. */
  onDropOnFolder: (itemId: string, folder: FileItem) => void;
  /** Items may be dragged onto folders (not in the trash, not for viewers). */
  draggable: boolean;
}

function useDropTarget(folder: FileItem, onDrop: FileItemsProps['onDropOnFolder']) {
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) =>
    folder.isFolder && folder.canEdit && event.dataTransfer.types.includes(ITEM_DRAG_TYPE);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        const id = event.dataTransfer.getData(ITEM_DRAG_TYPE);
        if (id && id !== folder.id) onDrop(id, folder);
      },
    },
  };
}

const dragStart = (item: FileItem) => (event: DragEvent) => {
  event.dataTransfer.setData(ITEM_DRAG_TYPE, item.id);
  event.dataTransfer.effectAllowed = 'move';
};

function MoreButton({ item, onMenu }: { item: FileItem; onMenu: FileItemsProps['onMenu'] }) {
  const { t } = useTranslation('files');
  return (
    <IconButton
      size="small"
      aria-label={t('actions.more', { name: item.name })}
      onClick={(event: MouseEvent<HTMLElement>) => {
        event.stopPropagation();
        onMenu(item, event.currentTarget);
      }}
    >
      <Box component="span" aria-hidden sx={{ fontWeight: 700, lineHeight: 1, px: 0.5 }}>
        ⋮
      </Box>
    </IconButton>
  );
}

/**
 * The top of a grid card: an image's or a PDF's thumbnail (made by the server's job queue, tried
 * again while it is being made), the type's icon until then and for other files. Decorative: the
 * name is below it.
 */
function GridPreview({ item }: { item: FileItem }) {
  const thumbnail = useThumbnail(item.previewUrl);
  if (thumbnail.status !== 'ready') return <FileKindIcon kind={item.kind} size={48} />;
  return (
    <Box
      component="img"
      src={thumbnail.url}
      alt=""
      aria-hidden="true"
      data-testid="file-thumbnail"
      sx={{
        display: 'block',
        width: '100%',
        height: 112,
        objectFit: 'cover',
        borderRadius: 1,
        bgcolor: 'background.neutral',
      }}
    />
  );
}

function GridCard(props: FileItemsProps & { item: FileItem }) {
  const { item, selectedId, locale, onSelect, onOpen, onMenu, onStar, draggable } = props;
  const { t } = useTranslation('files');
  const drop = useDropTarget(item, props.onDropOnFolder);
  return (
    <Card
      variant="outlined"
      data-testid="file-item"
      data-name={item.name}
      data-folder={item.isFolder ? 'true' : 'false'}
      draggable={draggable && item.canEdit}
      onDragStart={dragStart(item)}
      {...drop.handlers}
      sx={{
        position: 'relative',
        borderColor: drop.over || selectedId === item.id ? 'primary.main' : 'divider',
        bgcolor: drop.over ? 'action.hover' : undefined,
        borderWidth: drop.over || selectedId === item.id ? 2 : 1,
      }}
    >
      <CardActionArea
        onClick={() => onSelect(item)}
        onDoubleClick={() => onOpen(item)}
        onKeyDown={(event) => event.key === 'Enter' && onOpen(item)}
        sx={{ p: 2, pb: 1.5 }}
      >
        <GridPreview item={item} />
        <Typography variant="subtitle2" noWrap sx={{ mt: 1.5 }} title={item.name}>
          <bdi>{item.name}</bdi>
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {formatBytes(item.size, locale)} ·{' '}
          {new Date(item.updatedAt).toLocaleDateString(locale, { dateStyle: 'medium' })}
        </Typography>
      </CardActionArea>
      <Stack
        direction="row"
        sx={{ position: 'absolute', top: 4, insetInlineEnd: 4, alignItems: 'center' }}
      >
        {item.visibility === 'private' && (
          <Tooltip title={t('visibility.private')}>
            <LockIcon
              fontSize="small"
              sx={{ color: 'text.disabled', mx: 0.5 }}
              aria-label={t('visibility.private')}
            />
          </Tooltip>
        )}
        {!item.trashedAt && <StarToggle item={item} onStar={onStar} />}
        <MoreButton item={item} onMenu={onMenu} />
      </Stack>
    </Card>
  );
}

function ListRow(props: FileItemsProps & { item: FileItem }) {
  const { item, selectedId, locale, onSelect, onOpen, onMenu, onStar, draggable } = props;
  const { t } = useTranslation('files');
  const drop = useDropTarget(item, props.onDropOnFolder);
  return (
    <TableRow
      hover
      selected={selectedId === item.id || drop.over}
      data-testid="file-item"
      data-name={item.name}
      data-folder={item.isFolder ? 'true' : 'false'}
      draggable={draggable && item.canEdit}
      onDragStart={dragStart(item)}
      {...drop.handlers}
      onClick={() => onSelect(item)}
      onDoubleClick={() => onOpen(item)}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell padding="checkbox">
        <Checkbox
          size="small"
          checked={selectedId === item.id}
          onClick={(event) => event.stopPropagation()}
          onChange={() => onSelect(item)}
          slotProps={{ input: { 'aria-label': t('item.select', { name: item.name }) } }}
        />
      </TableCell>
      <TableCell sx={{ maxWidth: 360 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <FileThumbnail
            address={item.previewUrl}
            fallback={<FileKindIcon kind={item.kind} size={32} />}
            size={32}
          />
          <Typography
            variant="body2"
            noWrap
            component="button"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(item);
            }}
            title={item.name}
            sx={{
              border: 0,
              p: 0,
              bgcolor: 'transparent',
              color: 'inherit',
              font: 'inherit',
              cursor: 'pointer',
              textAlign: 'start',
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            <bdi>{item.name}</bdi>
          </Typography>
          {item.visibility === 'private' && (
            <LockIcon
              fontSize="small"
              sx={{ color: 'text.disabled' }}
              aria-label={t('visibility.private')}
            />
          )}
        </Stack>
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        {formatBytes(item.size, locale)}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        {t(`kinds.${item.kind}`)}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        {new Date(item.trashedAt ?? item.updatedAt).toLocaleString(locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
        })}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {!item.trashedAt && <StarToggle item={item} onStar={onStar} />}
        <MoreButton item={item} onMenu={onMenu} />
      </TableCell>
    </TableRow>
  );
}

/** A folder's items as a grid of cards or a list, each draggable onto a folder. */
export function FileItems(props: FileItemsProps) {
  const { t } = useTranslation('files');
  if (props.layout === 'grid') {
    return (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
        }}
      >
        {props.items.map((item) => (
          <GridCard key={item.id} {...props} item={item} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('list.label')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('columns.size')}
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
              {t('columns.type')}
            </TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
              {t('columns.modified')}
            </TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.items.map((item) => (
            <ListRow key={item.id} {...props} item={item} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
