import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FileUse } from '@beacon/contract';
import { CloseIcon } from '../../../components/icons.tsx';
import { areaErrorText } from '../../../utils/area-error.ts';
import { formatBytes } from '../../../utils/bytes.ts';
import { paths } from '../../../utils/paths.ts';
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

/**
 * The screen of a place holding a file's bytes, where there is one the web shows it on: the card
 * on the board, the conversation, the mail in its mailbox, the member's profile. The logo has none.
 */
function placeHref(use: FileUse): string | null {
  switch (use.kind) {
    case 'kanban_card':
      return `${paths.dashboard.kanban}?${new URLSearchParams({ card: use.recordId })}`;
    case 'chat_conversation':
      return `${paths.dashboard.chat}/${encodeURIComponent(use.recordId)}`;
    case 'mail_message':
      return `${paths.dashboard.mail}?${new URLSearchParams({
        ...(use.mailboxId ? { mailbox: use.mailboxId } : {}),
        label: 'all',
        mail: use.recordId,
      })}`;
    case 'avatar':
    case 'cover':
      return `${paths.dashboard.user.profile}?${new URLSearchParams({ member: use.recordId })}`;
    default:
      return null;
  }
}

/** One place a file's bytes are used, in words, linked to its screen when it has one. */
function UsePlace({ use }: { use: FileUse }) {
  const { t } = useTranslation('files');
  const title =
    use.title.trim() ||
    (use.kind === 'mail_message' ? t('details.noSubject') : t('details.noTitle'));
  const text = t(`details.use.${use.kind}`, { title });
  const href = placeHref(use);
  if (!href) return <bdi>{text}</bdi>;
  return (
    <Link component={RouterLink} to={href} sx={{ overflowWrap: 'anywhere' }}>
      <bdi>{text}</bdi>
    </Link>
  );
}

/**
 * An item's details: size, type, who, when, where, what it holds, copies, where else its bytes are
 * used, shares and links.
 */
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
            {!details.data.item.isFolder && (
              <Row label={t('details.usedIn')}>
                {details.data.usedIn.length === 0 ? (
                  t('details.usedNowhere')
                ) : (
                  <Box
                    component="ul"
                    data-testid="file-used-in"
                    sx={{ m: 0, p: 0, listStyle: 'none' }}
                  >
                    {details.data.usedIn.map((use) => (
                      <Box
                        component="li"
                        key={`${use.kind}-${use.recordId}-${use.createdAt}-${use.fileName}`}
                        sx={{ py: 0.25 }}
                      >
                        <UsePlace use={use} />
                        <Typography
                          component="span"
                          variant="caption"
                          sx={{ color: 'text.secondary', display: 'block' }}
                        >
                          <bdi>{t('details.asName', { name: use.fileName })}</bdi>
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                )}
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
