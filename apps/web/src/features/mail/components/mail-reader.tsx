import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Mail, MailLabel } from '@beacon/contract';
import {
  ArrowBackIcon,
  CloseIcon,
  DownloadIcon,
  PaperclipIcon,
} from '../../../components/icons.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { formatBytes } from '../../../utils/bytes.ts';
import { paths } from '../../../utils/paths.ts';
import { saveFile } from '../../../utils/save-file.ts';
import {
  fetchMailAttachment,
  useMailReadMutation,
  useMailRemoveLabelMutation,
  useMailThreadQuery,
  useTrustSenderMutation,
} from '../api/mail-api.ts';
import { useComposeBridge } from '../compose-bridge.ts';
import { mailErrorText } from '../utils/errors.ts';
import { addressLine, addressName, formatFullDate, initialsOf } from '../utils/format.ts';
import { labelColor } from '../utils/label-colors.ts';
import { MailActions } from './mail-actions.tsx';
import { MailFrame } from './mail-frame.tsx';
import { ForwardIcon, ImageIcon, ReplyAllIcon, ReplyIcon, WarningIcon } from './mail-icons.tsx';

export type MailReaderProps = {
  mailId: string;
  labels: MailLabel[];
  canEdit: boolean;
  /** Back to the list (narrow screens). */
  onBack?: () => void;
  /** The open mails left the current label (archived, trashed…): close the reading view. */
  onGone: () => void;
};

/** The open mail and its whole thread, with the actions on it. */
export function MailReader({ mailId, labels, canEdit, onBack, onGone }: MailReaderProps) {
  const { t } = useTranslation('mail');
  const { data, error, isLoading, refetch } = useMailThreadQuery(mailId);
  const [markRead] = useMailReadMutation();
  const marked = useRef(new Set<string>());
  const heading = useRef<HTMLHeadingElement>(null);
  const compose = useComposeBridge();

  // Opened: its unread mails become read (a writer's; the server refuses a viewer).
  useEffect(() => {
    if (!canEdit || !data) return;
    const unread = data.mails
      .filter((m) => m.isUnread && !marked.current.has(m.id))
      .map((m) => m.id);
    if (unread.length === 0) return;
    for (const id of unread) marked.current.add(id);
    void markRead({ mailIds: unread, value: true });
  }, [canEdit, data, markRead]);

  useEffect(() => {
    if (data) heading.current?.focus({ preventScroll: true });
  }, [data?.threadId]); // eslint-disable-line react-hooks/exhaustive-deps

  const back = onBack && (
    <IconButton aria-label={t('reader.back')} onClick={onBack} sx={{ flexShrink: 0 }}>
      <ArrowBackIcon
        fontSize="small"
        sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
      />
    </IconButton>
  );

  if (error) {
    return (
      <Box sx={{ p: 2 }}>
        {back}
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('reader.failed')} {mailErrorText(t, error)}
        </Alert>
      </Box>
    );
  }
  if (isLoading || !data) {
    return (
      <Stack spacing={1.5} sx={{ p: 3 }} role="status" aria-label={t('reader.loading')}>
        <Skeleton width="60%" height={36} />
        <Skeleton width="35%" />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }

  const mails = data.mails;
  const opened = mails.find((m) => m.id === mailId) ?? mails[mails.length - 1]!;
  const subject = opened.subject || t('noSubject');
  // Actions on the thread act on its mails but drafts and what waits to be sent.
  const targets = mails.filter((m) => m.folder !== 'drafts' && m.folder !== 'scheduled');
  const customById = new Map(labels.filter((l) => l.type === 'custom').map((l) => [l.id, l]));
  const threadLabels = [...new Set(mails.flatMap((m) => m.labels))]
    .map((id) => customById.get(id))
    .filter((l): l is MailLabel => Boolean(l));
  // Reply and forward answer the last mail that was sent or received, never a draft of one's own.
  const answerable = mails.filter((m) => m.status !== 'draft');
  const last = answerable[answerable.length - 1] ?? mails[mails.length - 1]!;

  return (
    <Box
      component="article"
      aria-label={subject}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Box
        sx={{
          px: 2,
          py: 1,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 48,
        }}
      >
        {back}
        {canEdit ? (
          <MailActions
            mails={targets.length > 0 ? targets : mails}
            labels={labels}
            label={t('reader.actions')}
            onGone={onGone}
          />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('reader.readOnly')}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: { xs: 2, md: 3 } }}>
        <Typography
          component="h2"
          variant="h5"
          ref={heading}
          tabIndex={-1}
          sx={{ overflowWrap: 'anywhere', outline: 'none' }}
          dir="auto"
        >
          {subject}
        </Typography>
        {threadLabels.length > 0 && (
          <ThreadLabels labels={threadLabels} mails={mails} canEdit={canEdit} />
        )}
        <Stack spacing={2} sx={{ mt: 2 }}>
          {mails.map((mail) => (
            <MailMessage
              key={mail.id}
              mail={mail}
              initiallyOpen={
                mail.id === opened.id ||
                mail.id === last.id ||
                mail.isUnread ||
                mail.status === 'draft'
              }
              onEditDraft={
                canEdit && compose && mail.status === 'draft'
                  ? () => compose.openCompose({ draftId: mail.id })
                  : undefined
              }
            />
          ))}
        </Stack>
        {canEdit && compose && answerable.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }} useFlexGap>
            <Button
              variant="outlined"
              startIcon={<ReplyIcon />}
              onClick={() => compose.openCompose({ replyTo: { mailId: last.id, mode: 'reply' } })}
            >
              {t('reader.reply')}
            </Button>
            {last.to.length + last.cc.length > 1 && (
              <Button
                variant="outlined"
                startIcon={<ReplyAllIcon />}
                onClick={() =>
                  compose.openCompose({ replyTo: { mailId: last.id, mode: 'replyAll' } })
                }
              >
                {t('reader.replyAll')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<ForwardIcon />}
              onClick={() => compose.openCompose({ replyTo: { mailId: last.id, mode: 'forward' } })}
            >
              {t('reader.forward')}
            </Button>
          </Stack>
        )}
      </Box>
    </Box>
  );
}

function ThreadLabels({
  labels,
  mails,
  canEdit,
}: {
  labels: MailLabel[];
  mails: Mail[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('mail');
  const theme = useTheme();
  const [remove] = useMailRemoveLabelMutation();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Box
      sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1 }}
      aria-label={t('reader.labels')}
      role="list"
    >
      {labels.map((label) => (
        <Chip
          key={label.id}
          role="listitem"
          size="small"
          variant="outlined"
          label={label.name}
          sx={{ borderColor: labelColor(theme, label.color) }}
          {...(canEdit
            ? {
                onDelete: () =>
                  void remove({
                    mailIds: mails.filter((m) => m.labels.includes(label.id)).map((m) => m.id),
                    labelId: label.id,
                  })
                    .unwrap()
                    .then(() =>
                      enqueueSnackbar(t('done.labelRemoved', { label: label.name }), {
                        variant: 'success',
                      }),
                    )
                    .catch((error: unknown) =>
                      enqueueSnackbar(mailErrorText(t, error), { variant: 'error' }),
                    ),
                deleteIcon: (
                  <CloseIcon titleAccess={t('reader.removeLabel', { label: label.name })} />
                ),
              }
            : {})}
        />
      ))}
    </Box>
  );
}

/** One mail of the thread: its header, warnings, body and attachments; folded when read. */
function MailMessage({
  mail,
  initiallyOpen,
  onEditDraft,
}: {
  mail: Mail;
  initiallyOpen: boolean;
  /** A draft of the thread (a reply being written): open it in compose. */
  onEditDraft?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('mail');
  const [open, setOpen] = useState(initiallyOpen);
  const [showImages, setShowImages] = useState(false);
  const [trust, trustState] = useTrustSenderMutation();
  const { enqueueSnackbar } = useSnackbar();
  const name = addressName(mail.from);
  const imagesShown = mail.remoteImagesAllowed || showImages;
  const files = mail.attachments.filter((a) => !a.inline);
  const recipients = [
    mail.to.length ? t('reader.toLine', { names: mail.to.map(addressLine).join(', ') }) : null,
    mail.cc.length ? t('reader.ccLine', { names: mail.cc.map(addressLine).join(', ') }) : null,
    mail.bcc.length ? t('reader.bccLine', { names: mail.bcc.map(addressLine).join(', ') }) : null,
  ].filter(Boolean);

  return (
    <Box
      component="section"
      aria-label={t('reader.messageFrom', { name })}
      data-testid="mail-message"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }}
    >
      <Box
        component="button"
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        sx={{
          width: '100%',
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1.5,
          p: 1.5,
          border: 0,
          bgcolor: 'transparent',
          color: 'text.primary',
          font: 'inherit',
          textAlign: 'start',
          cursor: 'pointer',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Avatar
          sx={{
            width: 36,
            height: 36,
            fontSize: 14,
            bgcolor: mail.direction === 'out' ? 'primary.dark' : 'secondary.dark',
          }}
          aria-hidden
        >
          {initialsOf(name)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography component="span" variant="subtitle2" sx={{ fontWeight: 700 }}>
              {name}
            </Typography>
            {mail.from.name && (
              <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                {`<${mail.from.address}>`}
              </Typography>
            )}
            <Box sx={{ flex: 1 }} />
            <Typography
              component="time"
              dateTime={mail.date}
              variant="caption"
              sx={{ color: 'text.secondary' }}
            >
              {formatFullDate(mail.date, i18n.language)}
            </Typography>
          </Box>
          {open ? (
            recipients.map((line) => (
              <Typography
                key={line}
                variant="caption"
                component="p"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                {line}
              </Typography>
            ))
          ) : (
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {mail.snippet}
            </Typography>
          )}
        </Box>
      </Box>
      {open && (
        <Box sx={{ px: 1.5, pb: 1.5 }}>
          {mail.spoofed && (
            <Alert severity="warning" icon={<WarningIcon />} sx={{ mb: 1 }}>
              {t('reader.spoofed', {
                domain: mail.auth?.domain ?? mail.from.address.split('@')[1] ?? '',
              })}
            </Alert>
          )}
          {(mail.status === 'bounced' || mail.status === 'failed') && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {t(`status.${mail.status}`)}
              {mail.error ? ` — ${mail.error}` : ''}
            </Alert>
          )}
          {mail.status === 'draft' && onEditDraft && (
            <Alert
              severity="info"
              sx={{ mb: 1, alignItems: 'center' }}
              action={
                <Button color="inherit" size="small" onClick={onEditDraft}>
                  {t('reader.editDraft')}
                </Button>
              }
            >
              {t('reader.draftNote')}
            </Alert>
          )}
          {(mail.status === 'scheduled' || mail.status === 'queued') && mail.sendAt && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('status.scheduledFor', { when: formatFullDate(mail.sendAt, i18n.language) })}
            </Alert>
          )}
          {mail.html && mail.hasRemoteImages && !imagesShown && (
            <Alert
              severity="info"
              icon={<ImageIcon />}
              role="region"
              aria-label={t('images.region')}
              sx={{
                mb: 1,
                alignItems: 'center',
                '& .MuiAlert-message': { flex: 1, overflow: 'visible' },
              }}
              action={
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}
                >
                  <Button color="inherit" size="small" onClick={() => setShowImages(true)}>
                    {t('images.show')}
                  </Button>
                  <Button
                    color="inherit"
                    size="small"
                    loading={trustState.isLoading}
                    onClick={() =>
                      void trust({ address: mail.from.address })
                        .unwrap()
                        .then(() => {
                          setShowImages(true);
                          enqueueSnackbar(t('images.trusted', { address: mail.from.address }), {
                            variant: 'success',
                          });
                        })
                        .catch((error: unknown) =>
                          enqueueSnackbar(mailErrorText(t, error), { variant: 'error' }),
                        )
                    }
                  >
                    {t('images.always')}
                  </Button>
                </Stack>
              }
            >
              {t('images.blocked')}
            </Alert>
          )}
          {mail.html ? (
            <MailFrame
              mailId={mail.id}
              html={mail.html}
              title={t('reader.bodyOf', { subject: mail.subject || t('noSubject') })}
              showRemoteImages={imagesShown}
              attachments={mail.attachments}
            />
          ) : (
            <Box
              dir="auto"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body2', py: 1 }}
            >
              {mail.text.trim() || t('reader.empty')}
            </Box>
          )}
          {files.length > 0 && <Attachments mail={mail} />}
          {mail.links.length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5, alignItems: 'center' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('reader.linked')}
              </Typography>
              {mail.links.map((link) => (
                <Link
                  key={`${link.kind}-${link.id}`}
                  component={RouterLink}
                  variant="caption"
                  to={
                    link.kind === 'person'
                      ? `${paths.dashboard.people}/${link.id}`
                      : link.kind === 'company'
                        ? `${paths.dashboard.companies}/${link.id}`
                        : `${paths.dashboard.deals}/${link.id}`
                  }
                >
                  {link.name}
                </Link>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

function Attachments({ mail }: { mail: Mail }) {
  const { t, i18n } = useTranslation('mail');
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  const files = mail.attachments.filter((a) => !a.inline);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography
        variant="caption"
        component="h3"
        sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        <PaperclipIcon fontSize="inherit" />
        {t('reader.attachments', { count: files.length })}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {files.map((file) => (
          <Box
            component="li"
            key={file.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              paddingInlineEnd: 0.5,
              py: 0.25,
              maxWidth: '100%',
            }}
          >
            <Box sx={{ minWidth: 0, paddingInlineStart: 1 }}>
              <Typography variant="body2" noWrap sx={{ maxWidth: 220 }}>
                {file.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatBytes(file.size, i18n.language)}
              </Typography>
            </Box>
            <IconButton
              size="small"
              aria-label={t('reader.download', { name: file.name })}
              disabled={busy === file.id}
              onClick={() => {
                setBusy(file.id);
                fetchMailAttachment(file.id)
                  .then((blob) => saveFile(blob, file.name))
                  .catch((error: unknown) =>
                    enqueueSnackbar(mailErrorText(t, error), { variant: 'error' }),
                  )
                  .finally(() => setBusy(null));
              }}
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
