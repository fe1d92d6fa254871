import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@beacon/contract';
import { strokeIcon } from '../../../components/icons.tsx';

const StarGlyph = strokeIcon(
  <path d="m12 3.8 2.5 5.1 5.6.8-4 4 1 5.6-5.1-2.7-5 2.7 1-5.6-4.1-4 5.6-.8Z" />,
  'StarGlyph',
);

/** The caller's star on an item (each member stars for themselves). */
export function StarToggle({
  item,
  onStar,
}: {
  item: FileItem;
  onStar: (item: FileItem, starred: boolean) => void;
}) {
  const { t } = useTranslation('files');
  return (
    <IconButton
      size="small"
      aria-pressed={item.starred}
      aria-label={t(item.starred ? 'actions.unstar' : 'actions.star', { name: item.name })}
      onClick={(event) => {
        event.stopPropagation();
        onStar(item, !item.starred);
      }}
      sx={{ color: item.starred ? 'warning.main' : 'text.disabled' }}
    >
      <StarGlyph fontSize="small" sx={item.starred ? { fill: 'currentColor' } : undefined} />
    </IconButton>
  );
}
