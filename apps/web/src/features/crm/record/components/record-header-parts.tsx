import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { ListAddIcon } from './record-icons.tsx';
import { TrashIcon } from '../../../../components/icons.tsx';

/** The large avatar of a record page's header: round for a person, rounded square for a company. */
export function RecordAvatar({
  variant,
  color,
  children,
}: {
  variant?: 'rounded';
  color: 'primary' | 'secondary';
  children: ReactNode;
}) {
  return (
    <Avatar
      variant={variant}
      sx={{
        width: 64,
        height: 64,
        fontSize: 24,
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
      }}
    >
      {children}
    </Avatar>
  );
}

/** Opens the dialog that adds the record to a list. */
export function AddToListButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('records');
  return (
    <Button variant="outlined" color="inherit" startIcon={<ListAddIcon />} onClick={onClick}>
      {t('actions.addToList')}
    </Button>
  );
}

/** Asks to delete the record. */
export function DeleteRecordButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('records');
  return (
    <Tooltip title={t('actions.delete')}>
      <IconButton aria-label={t('actions.delete')} color="error" onClick={onClick}>
        <TrashIcon />
      </IconButton>
    </Tooltip>
  );
}
