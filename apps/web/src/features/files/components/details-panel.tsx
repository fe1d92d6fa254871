import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons.tsx';
import { areaErrorText } from '../../../utils/area-error.ts';
import { formatBytes } from '../../../utils/bytes.ts';
import { useFilesDetailsQuery } from '../api/files-api.ts';
import { FileKindIcon } from './file-kind-icon.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** An item's details: size, type, who, when, where, what it holds, copies, shares and links. */
export function DetailsPanel({
  id,
  locale,
  onClose,
}: {
  id: string;
  locale: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('files');
  const details = useFilesDetailsQuery(id);
  const when = (value: string) =>
    new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box
      component="aside"
      aria-label={t('details.title')}
      data-testid="file-details"
      sx={{ p: 2.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('details.title')}
        </Typography>
        <IconButton aria-label={t('details.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {details.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : details.isError || !details.data ? (
        <Typography color="error">{areaErrorText(t, 'files', details.error)}</Typography>
      ) : (
        <>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <FileKindIcon kind={details.data.item.kind} size={48} />
            <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              <bdi>{details.data.item.name}</bdi>
            </Typography>
          </Stack>
          <Divider />
          <Box component="dl" sx={{ m: 0, mt: 1 }}>
            <Row label={t('details.size')}>{formatBytes(details.data.item.size, locale)}</Row>
            <Row label={t('details.type')}>
              {t(`kinds.${details.data.item.kind}`)}
              {!details.data.item.isFolder && ` (${details.data.item.mimeType})`}
            </Row>
            {details.data.item.isFolder && (
              <Row label={t('details.contains')}>
                {t('details.containsValue', {
                  files: details.data.contains.files,
                  folders: details.data.contains.folders,
                })}
              </Row>
            )}
            <Row label={t('details.location')}>
              <bdi>{[t('root'), ...details.data.path.map((c) => c.name)].join(' / ')}</bdi>
            </Row>
            <Row label={t('details.owner')}>{details.data.item.ownerName || '—'}</Row>
            <Row label={t('details.createdBy')}>
              {details.data.createdByName || '—'} · {when(details.data.item.createdAt)}
            </Row>
            <Row label={t('details.modified')}>{when(details.data.item.updatedAt)}</Row>
            <Row label={t('details.visibility')}>
              {t(`visibility.${details.data.item.visibility}`)}
            </Row>
            <Row label={t('details.sharedWith')}>
              {details.data.shares.length === 0
                ? t('details.nobody')
                : details.data.shares
                    .map((s) => `${s.name} (${t(`share.${s.access}`)})`)
                    .join(', ')}
            </Row>
            <Row label={t('details.links')}>
              {t('details.linkCount', { count: details.data.links })}
            </Row>
            {details.data.copies.length > 0 && (
              <Row label={t('details.copies')}>
                {details.data.copies
                  .map((c) => `${c.folderPath ? `${c.folderPath} / ` : ''}${c.name}`)
                  .join(', ')}
              </Row>
            )}
            {details.data.sha256 && (
              <Row label="SHA-256">
                <Box component="code" sx={{ fontSize: 12 }} dir="ltr">
                  {details.data.sha256}
                </Box>
              </Row>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
