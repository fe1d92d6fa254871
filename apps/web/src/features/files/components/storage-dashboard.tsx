import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@beacon/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { UploadDropZone, UploadList, useUploadQueue } from '../../../components/upload/index.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { formatBytes } from '../../../utils/bytes.ts';
import { paths } from '../../../utils/paths.ts';
import {
  fetchFileContent,
  fetchStreamUrl,
  useFilesFromUploadMutation,
  useFilesUsageQuery,
} from '../api/files-api.ts';
import { FileKindIcon } from './file-kind-icon.tsx';
import { FilePreview, previewable } from './file-preview.tsx';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

const UsageCharts = lazy(() => import('./usage-charts.tsx'));
const CHART_HEIGHT = 240;

function Panel({
  title,
  children,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card sx={{ p: 2.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/**
 * `/dashboard/file`, the storage dashboard (docs/decisions/054-files-manager.md): what the
 * workspace's files (every area's) take, by type and by member, against the quota; recent files,
 * the folders at the root, and an upload area that puts files at the root of the files manager.
 */
export function StorageDashboard({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('files');
  const locale = i18n.language;
  const rtl = i18n.dir(locale) === 'rtl';
  const usage = useFilesUsageQuery();
  const [fromUpload] = useFilesFromUploadMutation();
  const [preview, setPreview] = useState<FileItem | null>(null);
  const queue = useUploadQueue({
    onUploaded: async (entry, uploadId) => {
      await fromUpload({ uploadId, folderId: null, name: entry.file.name }).unwrap();
    },
  });
  const data = usage.data;
  const quotaShare = data?.quotaBytes
    ? Math.min(100, (data.usedBytes / data.quotaBytes) * 100)
    : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageTitle title={t('dashboard.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('dashboard.title')}
        </Typography>
        <Button component={RouterLink} to={paths.dashboard.filesManager} variant="outlined">
          {t('dashboard.openManager')}
        </Button>
      </Stack>

      {usage.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void usage.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {areaErrorText(t, 'files', usage.error)}
        </Alert>
      )}

      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {(
          [
            ['used', data ? formatBytes(data.usedBytes, locale) : null],
            ['files', data ? new Intl.NumberFormat(locale).format(data.fileCount) : null],
            ['folders', data ? new Intl.NumberFormat(locale).format(data.folderCount) : null],
          ] as const
        ).map(([key, value]) => (
          <Card key={key} sx={{ p: 2.5 }}>
            <Typography variant="subtitle2" color="text.secondary">
              {t(`dashboard.${key}`)}
            </Typography>
            <Typography variant="h4" component="p" data-testid={`storage-count-${key}`}>
              {value ?? <Skeleton width={120} />}
            </Typography>
          </Card>
        ))}
      </Box>

      <Panel title={t('dashboard.quota')} testId="storage-quota">
        {!data ? (
          <Skeleton variant="rounded" height={40} />
        ) : (
          <>
            {quotaShare !== null && (
              <LinearProgress
                variant="determinate"
                value={quotaShare ?? 0}
                color={quotaShare !== null && quotaShare > 90 ? 'error' : 'primary'}
                aria-label={t('dashboard.quota')}
                sx={{ height: 10, borderRadius: 5, mb: 1 }}
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {data.quotaBytes
                ? t('dashboard.quotaOf', {
                    used: formatBytes(data.usedBytes, locale),
                    quota: formatBytes(data.quotaBytes, locale),
                  })
                : t('dashboard.noQuota', { used: formatBytes(data.usedBytes, locale) })}
              {data.trashBytes > 0 &&
                ` · ${t('dashboard.inTrash', { size: formatBytes(data.trashBytes, locale) })}`}
            </Typography>
          </>
        )}
      </Panel>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {(['kind', 'member'] as const).map((which) => (
          <Panel
            key={which}
            title={t(which === 'kind' ? 'dashboard.byKind' : 'dashboard.byMember')}
            testId={`storage-by-${which}`}
          >
            {!data ? (
              <Skeleton variant="rounded" height={CHART_HEIGHT} />
            ) : (which === 'kind' ? data.byKind : data.byMember).length === 0 ? (
              <Typography
                color="text.secondary"
                sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}
              >
                {t('dashboard.nothingYet')}
              </Typography>
            ) : (
              <>
                <Box
                  role="group"
                  aria-label={t(which === 'kind' ? 'dashboard.byKind' : 'dashboard.byMember')}
                  sx={{ direction: 'ltr', minHeight: CHART_HEIGHT }}
                >
                  <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
                    <UsageCharts
                      which={which}
                      height={CHART_HEIGHT}
                      locale={locale}
                      rtl={rtl}
                      kinds={data.byKind.map((k) => ({ ...k, label: t(`kinds.${k.kind}`) }))}
                      members={data.byMember.map((m) => ({
                        name: m.name || t('dashboard.system'),
                        bytes: m.bytes,
                      }))}
                    />
                  </Suspense>
                </Box>
                <Box
                  component="ul"
                  sx={{
                    m: 0,
                    mt: 1,
                    p: 0,
                    listStyle: 'none',
                    columns: 2,
                    fontSize: 13,
                    color: 'text.secondary',
                  }}
                >
                  {(which === 'kind'
                    ? data.byKind.map((k) => [t(`kinds.${k.kind}`), k.bytes, k.files] as const)
                    : data.byMember.map(
                        (m) => [m.name || t('dashboard.system'), m.bytes, m.files] as const,
                      )
                  ).map(([label, bytes, files]) => (
                    <li key={label}>
                      {label}: {formatBytes(bytes, locale)} ·{' '}
                      {t('dashboard.fileCount', { count: files })}
                    </li>
                  ))}
                </Box>
              </>
            )}
          </Panel>
        ))}
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Panel title={t('dashboard.recent')} testId="storage-recent">
          {!data ? (
            <Skeleton variant="rounded" height={240} />
          ) : data.recent.length === 0 ? (
            <Typography color="text.secondary">{t('dashboard.noRecent')}</Typography>
          ) : (
            <List dense disablePadding>
              {data.recent.map((item) => (
                <ListItem key={item.id} disablePadding>
                  <ListItemButton
                    onClick={() =>
                      previewable(item.kind, item.mimeType) ? setPreview(item) : undefined
                    }
                    component={previewable(item.kind, item.mimeType) ? 'div' : RouterLink}
                    {...(previewable(item.kind, item.mimeType)
                      ? {}
                      : {
                          to: `${paths.dashboard.filesManager}${item.folderId ? `?folder=${item.folderId}` : ''}`,
                        })}
                  >
                    <ListItemIcon sx={{ minWidth: 52 }}>
                      <FileKindIcon kind={item.kind} size={36} />
                    </ListItemIcon>
                    <ListItemText
                      primary={<bdi>{item.name}</bdi>}
                      secondary={`${formatBytes(item.size, locale)} · ${new Date(item.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })} · ${item.ownerName}`}
                      slotProps={{ primary: { noWrap: true } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
        <Panel title={t('dashboard.folders')} testId="storage-folders">
          {!data ? (
            <Skeleton variant="rounded" height={240} />
          ) : data.folders.length === 0 ? (
            <Typography color="text.secondary">{t('empty.folder')}</Typography>
          ) : (
            <Box
              sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
            >
              {data.folders.map((folder) => (
                <Card key={folder.id} variant="outlined">
                  <CardActionArea
                    component={RouterLink}
                    to={`${paths.dashboard.filesManager}?folder=${folder.id}`}
                    sx={{ p: 1.5 }}
                  >
                    <FileKindIcon kind="folder" size={36} />
                    <Typography variant="subtitle2" noWrap sx={{ mt: 1 }}>
                      <bdi>{folder.name}</bdi>
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatBytes(folder.size, locale)}
                    </Typography>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
          )}
        </Panel>
      </Box>

      {canEdit && (
        <Panel title={t('dashboard.upload')}>
          <Stack spacing={2}>
            <UploadDropZone folders={false} onFiles={(files) => queue.add(files)} />
            <UploadList
              entries={queue.entries}
              overall={queue.overall}
              onRetry={queue.retry}
              onCancel={queue.cancel}
              onClear={queue.clearFinished}
            />
          </Stack>
        </Panel>
      )}
      {preview && (
        <Dialog open onClose={() => setPreview(null)} fullWidth maxWidth="md">
          <DialogTitle>
            <bdi>{preview.name}</bdi>
          </DialogTitle>
          <DialogContent>
            <FilePreview
              key={preview.id}
              name={preview.name}
              kind={preview.kind}
              mimeType={preview.mimeType}
              load={() => fetchFileContent(preview.id)}
              stream={() => fetchStreamUrl(preview.id)}
            />
          </DialogContent>
        </Dialog>
      )}
    </Box>
  );
}
