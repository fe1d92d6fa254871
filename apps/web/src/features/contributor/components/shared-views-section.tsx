import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { Member, Role, SavedView } from '@beacon/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import {
  useSharedViewsQuery,
  useViewDeleteMutation,
  useViewUnshareMutation,
} from '../api/contributor-api.ts';
import { PanelSection } from './panel-section.tsx';

export interface SharedViewsSectionProps {
  members: Member[] | null;
  userId: string | undefined;
  role: Role | undefined;
}

/** The views shared with everyone: unshare or delete (their owner, or an admin). */
export function SharedViewsSection({ members, userId, role }: SharedViewsSectionProps) {
  const { t } = useTranslation('panels');
  const { enqueueSnackbar } = useSnackbar();
  const { data, error, isLoading, refetch } = useSharedViewsQuery();
  const [unshare] = useViewUnshareMutation();
  const [remove, removal] = useViewDeleteMutation();
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const ownerName = (id: string | null) => {
    const member = members?.find((m) => m.id === id);
    return member ? `${member.firstName} ${member.lastName}`.trim() || member.email : '—';
  };
  const mayChange = (view: SavedView) => role === 'admin' || view.ownerId === userId;
  const fail = (failure: unknown) =>
    enqueueSnackbar(areaErrorText(t, 'panels', failure), { variant: 'error' });

  return (
    <PanelSection
      id="views"
      title={t('views.title')}
      hint={t('views.hint')}
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      empty={data && data.length === 0 ? t('views.empty') : null}
    >
      <TableContainer>
        <Table size="small" aria-labelledby="views-heading" sx={{ minWidth: 520 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('views.columns.name')}</TableCell>
              <TableCell>{t('views.columns.entity')}</TableCell>
              <TableCell>{t('views.columns.owner')}</TableCell>
              <TableCell align="right">{t('actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((view) => (
              <TableRow key={view.id} hover>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{view.name}</TableCell>
                <TableCell>{t(`entities.${view.entity}`)}</TableCell>
                <TableCell>{ownerName(view.ownerId)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {mayChange(view) ? (
                    <>
                      <Button
                        size="small"
                        onClick={() => void unshare(view.id).unwrap().catch(fail)}
                      >
                        {t('views.unshare')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDeleting(view)}>
                        {t('delete')}
                      </Button>
                    </>
                  ) : (
                    t('views.ownerOnly')
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('views.deleteTitle')}
        text={t('views.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={removal.isLoading}
        onConfirm={() =>
          deleting &&
          void remove(deleting.id)
            .unwrap()
            .then(() => setDeleting(null))
            .catch(fail)
        }
        onClose={() => setDeleting(null)}
      />
    </PanelSection>
  );
}
