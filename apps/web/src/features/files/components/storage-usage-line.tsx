import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../utils/bytes.ts';
import { useFilesUsageQuery } from '../api/files-api.ts';

/**
 * What the workspace's files take of its storage quota, under the files manager's title: a bar
 * and "1.2 GB of 5 GB used" (or "… used; this workspace has no quota"). Nothing when the usage
 * cannot be read: the page works without it.
 */
export function StorageUsageLine({ locale }: { locale: string }) {
  const { t } = useTranslation('files');
  const { data, isError } = useFilesUsageQuery();
  if (isError) return null;
  if (!data) return <Skeleton width={220} data-testid="storage-usage-loading" />;
  const share = data.quotaBytes ? Math.min(100, (data.usedBytes / data.quotaBytes) * 100) : null;
  const text = data.quotaBytes
    ? t('dashboard.quotaOf', {
        used: formatBytes(data.usedBytes, locale),
        quota: formatBytes(data.quotaBytes, locale),
      })
    : t('dashboard.noQuota', { used: formatBytes(data.usedBytes, locale) });
  return (
    <Box data-testid="storage-usage" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      {share !== null && (
        <LinearProgress
          variant="determinate"
          value={share}
          color={share > 90 ? 'error' : 'primary'}
          aria-label={t('dashboard.quota')}
          sx={{ width: 160, height: 8, borderRadius: 4, flexShrink: 0 }}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
