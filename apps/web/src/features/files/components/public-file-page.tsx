import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PublicFile } from '@beacon/contract';
import { FILE_LINK_PASSWORD_MAX } from '@beacon/contract/values';
import { PageTitle } from '../../../components/page-title.tsx';
import { apiBaseUrl } from '../../../lib/http.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { formatBytes } from '../../../utils/bytes.ts';
import { fetchPublicFile, publicContentUrl, unlockPublicFile } from '../api/files-api.ts';
import { FileKindIcon } from './file-kind-icon.tsx';
import { FilePreview, previewable } from './file-preview.tsx';

/**
 * `/files/shared/{token}`: what a public link opens, signed out. A link with a password asks for
 * it first (wrong guesses are limited by the server); a file can be previewed and downloaded, a
 * folder downloaded as a zip.
 */
export function PublicFilePage({ token }: { token: string }) {
  const { t, i18n } = useTranslation('files');
  const [info, setInfo] = useState<PublicFile | null>(null);
  const [grant, setGrant] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [password, setPassword] = useState('');
  const [unlockError, setUnlockError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchPublicFile(token, grant)
      .then((answer) => !cancelled && setInfo(answer))
      .catch((failure) => !cancelled && setError(failure));
    return () => {
      cancelled = true;
    };
  }, [token, grant]);

  const load = useCallback(async () => {
    const response = await fetch(`${apiBaseUrl()}${publicContentUrl(token, grant, true)}`);
    if (!response.ok) throw new Error(String(response.status));
    return response.blob();
  }, [token, grant]);

  const unlock = async () => {
    setUnlockError(null);
    try {
      setGrant(await unlockPublicFile(token, password));
    } catch (failure) {
      setUnlockError(areaErrorText(t, 'files', failure));
    }
  };

  const locked = info?.passwordRequired && !grant;
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <PageTitle title={info?.name ?? t('public.title')} />
      <Card component="main" sx={{ p: { xs: 2.5, sm: 4 }, width: 1, maxWidth: 760 }}>
        {error ? (
          <Alert severity="error">{t('public.gone')}</Alert>
        ) : !info ? (
          <Skeleton variant="rounded" height={200} />
        ) : locked ? (
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              void unlock();
            }}
          >
            <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
              {t('public.protected')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('public.askPassword')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                type="password"
                size="small"
                label={t('link.password')}
                value={password}
                autoFocus
                onChange={(event) =>
                  setPassword(event.target.value.slice(0, FILE_LINK_PASSWORD_MAX))
                }
                error={Boolean(unlockError)}
                helperText={unlockError}
                sx={{ flexGrow: 1 }}
              />
              <Button type="submit" variant="contained" disabled={!password}>
                {t('public.open')}
              </Button>
            </Stack>
          </Box>
        ) : (
          <>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
              <FileKindIcon kind={info.kind ?? 'other'} size={56} />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography
                  variant="h5"
                  component="h1"
                  sx={{ overflowWrap: 'anywhere' }}
                  data-testid="public-file-name"
                >
                  <bdi>{info.name}</bdi>
                </Typography>
                <Typography color="text.secondary">
                  {formatBytes(info.size ?? 0, i18n.language)}
                  {info.expiresAt &&
                    ` · ${t('link.expiresAt', { date: new Date(info.expiresAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })}`}
                </Typography>
              </Box>
              <Button
                variant="contained"
                href={`${apiBaseUrl()}${publicContentUrl(token, grant, false)}`}
                download
              >
                {info.isFolder ? t('actions.downloadZip') : t('actions.download')}
              </Button>
            </Stack>
            {info.isFolder ? (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {info.entries.map((entry) => (
                  <li key={entry.path}>
                    <bdi>{entry.path}</bdi> · {formatBytes(entry.size, i18n.language)}
                  </li>
                ))}
              </Box>
            ) : info.kind && info.mimeType && previewable(info.kind, info.mimeType) ? (
              <FilePreview
                name={info.name ?? ''}
                kind={info.kind}
                mimeType={info.mimeType}
                load={load}
                // The link's own address needs no header: the player asks for ranges from it.
                stream={async () => `${apiBaseUrl()}${publicContentUrl(token, grant, true)}`}
              />
            ) : null}
          </>
        )}
      </Card>
    </Box>
  );
}
