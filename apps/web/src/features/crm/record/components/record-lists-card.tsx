import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RecordList } from '@beacon/contract';
import { CloseIcon } from '../../../../components/icons.tsx';
import { ListIcon } from '../../../../components/shell-icons.tsx';
import { paths } from '../../../../utils/paths.ts';
import { PlusIcon } from '../../../../components/icons.tsx';

export interface RecordListsCardProps {
  lists: RecordList[];
  canEdit: boolean;
  onAdd: () => void;
  onRemove: (list: RecordList) => void;
}

/** The lists a record is on: each opens the list; an editor adds and removes. */
export function RecordListsCard({ lists, canEdit, onAdd, onRemove }: RecordListsCardProps) {
  const { t } = useTranslation('records');
  return (
    <Card>
      <CardHeader
        title={t('sections.lists')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          canEdit && (
            <Button size="small" startIcon={<PlusIcon />} onClick={onAdd}>
              {t('actions.addToList')}
            </Button>
          )
        }
      />
      <Stack spacing={0.5} sx={{ px: 3, pb: 2.5, pt: 1 }}>
        {lists.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lists.onNoList')}
          </Typography>
        ) : (
          lists.map((list) => (
            <Stack
              key={list.id}
              direction="row"
              sx={{ alignItems: 'center', gap: 1, minHeight: 36 }}
            >
              <ListIcon fontSize="small" sx={{ color: 'text.disabled' }} />
              <Link
                component={RouterLink}
                to={`${paths.dashboard.lists}/${list.id}`}
                variant="body2"
                sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {list.name}
              </Link>
              {canEdit && (
                <Tooltip title={t('lists.removeFrom', { list: list.name })}>
                  <IconButton
                    size="small"
                    aria-label={t('lists.removeFrom', { list: list.name })}
                    onClick={() => onRemove(list)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          ))
        )}
      </Stack>
    </Card>
  );
}
