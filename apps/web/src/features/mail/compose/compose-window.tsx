import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  MAIL_ATTACHMENTS_PER_MESSAGE,
  renderTemplate,
  templateValuesFor,
  type EmailTemplate,
  type Mail,
  type Mailbox,
} from '@beacon/contract';
import {
  ChevronDownIcon,
  CloseIcon,
  PaperclipIcon,
  SendIcon,
  TrashIcon,
} from '../../../components/icons.tsx';
import { ExitFullscreenIcon, FullscreenIcon } from '../../../components/shell-icons.tsx';
import { UploadDropZone, UploadList, useUploadQueue } from '../../../components/upload/index.ts';
import type { UploadTransport } from '../../../components/upload/index.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { formatBytes } from '../../../utils/bytes.ts';
import { paths } from '../../../utils/paths.ts';
import {
  useComposeTemplatesQuery,
  useLazyComposeMailQuery,
  useReplyMailMutation,
  useSaveDraftMutation,
  useSendMailMutation,
} from './compose-api.ts';
import { MinimizeIcon, TemplateIcon } from './compose-icons.tsx';
import {
  draftFromMail,
  hasContent,
  hasSignature,
  isBlankHtml,
  isEmail,
  quoteHtml,
  replyRecipients,
  replySubject,
  schedulePresets,
  signatureHtml,
  textToHtml,
  toLocalInput,
  type ComposeAttachment,
  type ComposeDraft,
  type ComposeOptions,
} from './compose-utils.ts';
import { useComposeUser, type WindowState } from './compose-context.ts';
import { RichEditor, type RichEditorHandle } from './rich-editor.tsx';
import { RecipientsField } from './recipients-field.tsx';
import { findPersonByEmail } from './suggestions.ts';

export interface ComposeWindowProps {
  options: ComposeOptions;
  state: WindowState;
  /** The mailboxes the member may send from (own and shared). */
  mailboxes: Mailbox[];
  mailboxesLoading: boolean;
  /** The member's own signature (account settings), used when the mailbox has none. */
  accountSignature?: string;
  onState: (state: WindowState) => void;
  /** Closed: `saved` says a draft was kept. */
  onClosed: (saved: boolean) => void;
  /** Sent (or scheduled): the provider offers Undo. */
  onSent: (mail: Mail, draft: ComposeDraft) => void;
  /** Tests send files without tus. */
  uploadTransport?: UploadTransport;
}

/** The words of a failed call for the window's alert. */
function failureText(error: unknown, fallback: string): string {
  if (isApiFailure(error)) return error.message || fallback;
  return fallback;
}

/**
 * One compose window: from, to, cc, bcc, subject, the editor, attachments, the signature,
 * templates and snippets, send now or later. Docked at the bottom corner, minimised to a bar,
 * or maximised over the page; on a phone it takes the screen.
 */
export function ComposeWindow({
  options,
  state,
  mailboxes,
  mailboxesLoading,
  accountSignature = '',
  onState,
  onClosed,
  onSent,
  uploadTransport,
}: ComposeWindowProps) {
  const { t, i18n } = useTranslation('compose');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const user = useComposeUser();
  const editor = useRef<RichEditorHandle>(null);

  // A saved draft (`draftId`) tells what it answers once it is read.
  const [reply, setReply] = useState(options.draft?.replyTo ?? options.replyTo);
  const [loadOriginal, original] = useLazyComposeMailQuery();
  const [loadSaved, saved] = useLazyComposeMailQuery();
  const fromSaved = Boolean(options.draftId) && !options.draft;
  const [ready, setReady] = useState(!fromSaved && (!reply || Boolean(options.draft)));

  const [draft, setDraft] = useState<ComposeDraft>(() => ({
    mailboxId: options.draft?.mailboxId ?? options.mailboxId ?? '',
    to: options.draft?.to ?? options.to ?? [],
    cc: options.draft?.cc ?? options.cc ?? [],
    bcc: options.draft?.bcc ?? options.bcc ?? [],
    subject: options.draft?.subject ?? options.subject ?? '',
    html: options.draft?.html ?? '',
    attachments: options.draft?.attachments ?? [],
    ...(options.draft?.draftId ? { draftId: options.draft.draftId } : {}),
    ...(reply ? { replyTo: reply } : {}),
  }));
  const [showCc, setShowCc] = useState(draft.cc.length > 0);
  const [showBcc, setShowBcc] = useState(draft.bcc.length > 0);
  const [withSignature, setWithSignature] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'send' | 'save'>(null);
  const [templateMenu, setTemplateMenu] = useState<HTMLElement | null>(null);
  const [sendMenu, setSendMenu] = useState<HTMLElement | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const [attachOpen, setAttachOpen] = useState(false);

  const [send] = useSendMailMutation();
  const [answer] = useReplyMailMutation();
  const [saveDraft] = useSaveDraftMutation();
  const templates = useComposeTemplatesQuery(undefined, { skip: !templateMenu });

  const patch = useCallback(
    (change: Partial<ComposeDraft>) => setDraft((current) => ({ ...current, ...change })),
    [],
  );

  // The mailbox it sends from: the one the draft had, else the member's own first.
  useEffect(() => {
    if (draft.mailboxId || mailboxes.length === 0) return;
    const own = mailboxes.find((m) => m.ownerId === user?.id) ?? mailboxes[0];
    if (own) patch({ mailboxId: own.id });
  }, [draft.mailboxId, mailboxes, patch, user?.id]);

  // A saved draft opens as it was kept: fields, body, attachments, and what it answers.
  useEffect(() => {
    if (!fromSaved || ready || !options.draftId) return;
    void loadSaved(options.draftId, false);
  }, [fromSaved, loadSaved, options.draftId, ready]);
  useEffect(() => {
    if (!fromSaved || ready || !saved.data) return;
    const kept = draftFromMail(saved.data);
    setDraft(kept);
    if (kept.replyTo) setReply(kept.replyTo);
    if (kept.cc.length > 0) setShowCc(true);
    if (kept.bcc.length > 0) setShowBcc(true);
    // An undone send was kept with its signature: not added a second time.
    if (hasSignature(kept.html)) setWithSignature(false);
    setReady(true);
    setEditorKey((k) => k + 1);
  }, [fromSaved, ready, saved.data]);

  // A reply or forward starts from the original: its recipients, subject and quoted text (a
  // forward's note on the original's attachments reads it too).
  const mode = reply?.mode;
  useEffect(() => {
    if (!reply || (ready && reply.mode !== 'forward')) return;
    void loadOriginal(reply.mailId, true);
  }, [loadOriginal, ready, reply]);
  useEffect(() => {
    if (ready || fromSaved || !reply || !original.data) return;
    const mail = original.data;
    const own = mailboxes.map((m) => m.address);
    const recipients = replyRecipients(mail, reply.mode, own);
    const wrote = t('quote.wrote', {
      date: new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(mail.date)),
      name: mail.from.name || mail.from.address,
    });
    setDraft((current) => ({
      ...current,
      mailboxId: mail.mailboxId,
      to: current.to.length > 0 ? current.to : recipients.to,
      cc: current.cc.length > 0 ? current.cc : recipients.cc,
      subject: current.subject || replySubject(mail.subject, reply.mode),
      html: quoteHtml(mail, reply.mode, { wrote, forwarded: t('quote.forwarded') }),
    }));
    if (recipients.cc.length > 0) setShowCc(true);
    setReady(true);
    setEditorKey((k) => k + 1);
  }, [fromSaved, i18n.language, mailboxes, original.data, ready, reply, t]);

  const mailbox = mailboxes.find((m) => m.id === draft.mailboxId) ?? null;
  const signature = mailbox?.signature.trim() || accountSignature.trim();

  const queue = useUploadQueue({
    ...(uploadTransport ? { transport: uploadTransport } : {}),
    onUploaded: async (entry, id) => {
      setDraft((current) => ({
        ...current,
        attachments: [...current.attachments, { id, name: entry.file.name, size: entry.file.size }],
      }));
    },
  });
  const uploading = queue.overall.active;

  const recipients = [...draft.to, ...draft.cc, ...draft.bcc];
  const badAddress = recipients.find((a) => !isEmail(a));
  const title = draft.subject.trim() || t(mode ? `title.${mode}` : 'title.new');

  /** What goes to the server: the body with the signature under it. */
  const body = useCallback(() => {
    const sig = withSignature && signature ? signatureHtml(signature) : '';
    return `${draft.html}${sig}`;
  }, [draft.html, signature, withSignature]);

  const submit = async (sendAt?: Date) => {
    setError(null);
    if (!draft.mailboxId) return setError(t('errors.noMailbox'));
    if (draft.to.length + draft.cc.length + draft.bcc.length === 0) {
      return setError(t('errors.noRecipient'));
    }
    if (badAddress) return setError(t('errors.badAddress', { address: badAddress }));
    if (uploading) return setError(t('errors.uploading'));
    if (sendAt && sendAt.getTime() <= Date.now()) return setError(t('errors.pastTime'));
    setBusy('send');
    try {
      const common = {
        to: draft.to,
        cc: draft.cc,
        bcc: draft.bcc,
        subject: draft.subject,
        html: body(),
        attachmentIds: draft.attachments.map((a) => a.id),
        ...(draft.draftId ? { draftId: draft.draftId } : {}),
        ...(sendAt ? { sendAt: sendAt.toISOString() } : {}),
      };
      const mail = reply
        ? await answer({
            ...common,
            mailId: reply.mailId,
            all: reply.mode === 'replyAll',
            mode: reply.mode === 'forward' ? 'forward' : 'reply',
          }).unwrap()
        : await send({ ...common, mailboxId: draft.mailboxId }).unwrap();
      onSent(mail, { ...draft, draftId: mail.id });
    } catch (failure) {
      setError(failureText(failure, t('errors.sendFailed')));
      setBusy(null);
    }
  };

  const close = async () => {
    if (busy) return;
    if (!hasContent(draft) || !draft.mailboxId) {
      onClosed(false);
      return;
    }
    setBusy('save');
    setError(null);
    try {
      await saveDraft({
        mailboxId: draft.mailboxId,
        to: draft.to.filter(isEmail),
        cc: draft.cc.filter(isEmail),
        bcc: draft.bcc.filter(isEmail),
        subject: draft.subject,
        html: isBlankHtml(draft.html) ? '' : draft.html,
        attachmentIds: draft.attachments.map((a) => a.id),
        ...(draft.draftId ? { draftId: draft.draftId } : {}),
        // A reply's or forward's draft stays that reply (record 064).
        ...(reply ? { respondsTo: reply } : {}),
      }).unwrap();
      onClosed(true);
    } catch (failure) {
      setError(failureText(failure, t('errors.saveFailed')));
      setBusy(null);
    }
  };

  const applyTemplate = async (template: EmailTemplate) => {
    setTemplateMenu(null);
    setNotice(null);
    const first = draft.to.find(isEmail);
    let person = null;
    if (first) {
      try {
        person = await findPersonByEmail(first);
      } catch {
        person = null;
      }
    }
    const values = templateValuesFor({
      person,
      sender: user
        ? {
            firstName: user.firstName,
            lastName: user.lastName,
            email: mailbox?.address ?? user.email,
          }
        : null,
      workspaceName: user?.workspaceName ?? null,
    });
    const html = textToHtml(renderTemplate(template.body, values));
    if (template.kind === 'template' && template.subject && !draft.subject.trim()) {
      patch({ subject: renderTemplate(template.subject, values) });
    }
    editor.current?.insertHtml(html);
    const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
    setNotice(
      person
        ? t('templates.filled', { name: name || person.email })
        : first
          ? t('templates.unknownPerson', { address: first })
          : t('templates.noRecipient'),
    );
  };

  const presets = useMemo(() => schedulePresets(new Date()), []);

  const maximized = state === 'maximized';
  const minimized = state === 'minimized';

  const header = (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        gap: 0.5,
        px: 1.5,
        py: 0.75,
        bgcolor: 'background.neutral',
        cursor: minimized ? 'pointer' : 'default',
        borderTopLeftRadius: 'inherit',
        borderTopRightRadius: 'inherit',
      }}
      onClick={minimized ? () => onState('open') : undefined}
    >
      <Typography
        component="h2"
        variant="subtitle2"
        noWrap
        sx={{ flex: 1, minWidth: 0 }}
        id={`compose-title-${editorId(options)}`}
      >
        {title}
      </Typography>
      <Tooltip title={minimized ? t('actions.restore') : t('actions.minimize')}>
        <IconButton
          size="small"
          aria-label={minimized ? t('actions.restore') : t('actions.minimize')}
          aria-expanded={!minimized}
          onClick={(event) => {
            event.stopPropagation();
            onState(minimized ? 'open' : 'minimized');
          }}
        >
          <MinimizeIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {!phone && (
        <Tooltip title={maximized ? t('actions.exitMaximize') : t('actions.maximize')}>
          <IconButton
            size="small"
            aria-label={maximized ? t('actions.exitMaximize') : t('actions.maximize')}
            onClick={(event) => {
              event.stopPropagation();
              onState(maximized ? 'open' : 'maximized');
            }}
          >
            {maximized ? (
              <ExitFullscreenIcon fontSize="small" />
            ) : (
              <FullscreenIcon fontSize="small" />
            )}
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('actions.close')}>
        <IconButton
          size="small"
          aria-label={t('actions.close')}
          disabled={busy !== null}
          onClick={(event) => {
            event.stopPropagation();
            void close();
          }}
        >
          {busy === 'save' ? <CircularProgress size={16} /> : <CloseIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Stack>
  );

  const noMailbox = !mailboxesLoading && mailboxes.length === 0;

  return (
    <Paper
      elevation={12}
      role="dialog"
      aria-modal={maximized ? 'true' : 'false'}
      aria-labelledby={`compose-title-${editorId(options)}`}
      data-testid="compose-window"
      data-state={state}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        pointerEvents: 'auto',
        borderRadius: 2,
        borderBottomLeftRadius: minimized || (!maximized && !phone) ? 0 : undefined,
        borderBottomRightRadius: minimized || (!maximized && !phone) ? 0 : undefined,
        ...(minimized
          ? { width: phone ? 1 : 280 }
          : maximized
            ? {
                // Centred without transforms or sides (the same in both directions).
                position: 'fixed',
                left: 0,
                right: 0,
                top: 32,
                mx: 'auto',
                width: 'min(1100px, calc(100vw - 64px))',
                height: 'calc(100vh - 64px)',
                zIndex: theme.zIndex.modal + 1,
              }
            : phone
              ? { position: 'fixed', inset: 0, borderRadius: 0, zIndex: theme.zIndex.modal + 1 }
              : { width: 560, height: 'min(620px, calc(100vh - 96px))' }),
      }}
    >
      {header}
      {!minimized && (
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
          {!ready && !original.error && !saved.error && (
            <Stack
              spacing={1}
              sx={{ p: 2 }}
              role="status"
              aria-label={fromSaved ? t('loadingDraft') : t('loadingOriginal')}
            >
              <Skeleton width="50%" />
              <Skeleton width="70%" />
              <Skeleton variant="rounded" height={160} />
            </Stack>
          )}
          {!ready && original.error && (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => reply && void loadOriginal(reply.mailId)}
                >
                  {t('actions.retry')}
                </Button>
              }
            >
              {t('errors.originalFailed')}
            </Alert>
          )}
          {!ready && saved.error && (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => options.draftId && void loadSaved(options.draftId, false)}
                >
                  {t('actions.retry')}
                </Button>
              }
            >
              {t('errors.draftFailed')} {failureText(saved.error, '')}
            </Alert>
          )}
          {ready && (
            <>
              <Box
                sx={{
                  px: 2,
                  pt: 1,
                  overflowY: 'auto',
                  flex: 1,
                  display: 'flex',
                  flexDirection: 'column',
                }}
              >
                {noMailbox ? (
                  <Alert severity="info" sx={{ mb: 1 }}>
                    {t('noMailbox')}{' '}
                    <Link
                      component={RouterLink}
                      to={`${paths.dashboard.user.account}?tab=mailboxes`}
                    >
                      {t('addMailbox')}
                    </Link>
                  </Alert>
                ) : reply ? (
                  // A reply leaves from the original's mailbox: shown, not chosen.
                  <TextField
                    variant="standard"
                    size="small"
                    label={t('fields.from')}
                    value={
                      mailbox
                        ? mailbox.displayName
                          ? `${mailbox.displayName} <${mailbox.address}>`
                          : mailbox.address
                        : ''
                    }
                    helperText={t('fromOfOriginal')}
                    // An address reads left to right whatever the page's direction.
                    slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'auto' } }}
                  />
                ) : (
                  <TextField
                    select
                    variant="standard"
                    size="small"
                    label={t('fields.from')}
                    value={mailbox ? draft.mailboxId : ''}
                    disabled={mailboxesLoading}
                    onChange={(event) => patch({ mailboxId: event.target.value })}
                  >
                    {mailboxes.map((m) => (
                      <MenuItem key={m.id} value={m.id}>
                        <bdi>{m.displayName ? `${m.displayName} <${m.address}>` : m.address}</bdi>
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <RecipientsField
                      label={t('fields.to')}
                      value={draft.to}
                      onChange={(to) => patch({ to })}
                      autoFocus={draft.to.length === 0 && mode !== 'reply'}
                    />
                  </Box>
                  {!showCc && (
                    <Button size="small" onClick={() => setShowCc(true)} sx={{ minWidth: 0 }}>
                      {t('fields.cc')}
                    </Button>
                  )}
                  {!showBcc && (
                    <Button size="small" onClick={() => setShowBcc(true)} sx={{ minWidth: 0 }}>
                      {t('fields.bcc')}
                    </Button>
                  )}
                </Stack>
                {showCc && (
                  <RecipientsField
                    label={t('fields.cc')}
                    value={draft.cc}
                    onChange={(cc) => patch({ cc })}
                  />
                )}
                {showBcc && (
                  <RecipientsField
                    label={t('fields.bcc')}
                    value={draft.bcc}
                    onChange={(bcc) => patch({ bcc })}
                  />
                )}
                <TextField
                  variant="standard"
                  size="small"
                  label={t('fields.subject')}
                  value={draft.subject}
                  onChange={(event) =>
                    patch({ subject: event.target.value.replace(/[\r\n]/g, ' ') })
                  }
                  slotProps={{ htmlInput: { maxLength: 998, dir: 'auto' } }}
                  sx={{ mt: 0.5 }}
                />
                <RichEditor
                  key={editorKey}
                  handle={editor}
                  initialHtml={draft.html}
                  label={t('fields.body')}
                  onChange={(html) => patch({ html })}
                  minHeight={maximized ? 320 : 160}
                />
                {signature && (
                  <Box sx={{ mt: 1 }}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          size="small"
                          checked={withSignature}
                          onChange={(event) => setWithSignature(event.target.checked)}
                        />
                      }
                      label={<Typography variant="body2">{t('signature.include')}</Typography>}
                    />
                    {withSignature && (
                      <Typography
                        variant="body2"
                        data-testid="compose-signature"
                        sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', ps: 1 }}
                        dir="auto"
                      >
                        {`-- \n${signature}`}
                      </Typography>
                    )}
                  </Box>
                )}
                {mode === 'forward' && (original.data?.attachments.length ?? 0) > 0 && (
                  <Typography variant="caption" sx={{ color: 'text.secondary', mt: 1 }}>
                    {t('forwardAttachments', { count: original.data?.attachments.length ?? 0 })}
                  </Typography>
                )}
                {draft.attachments.length > 0 && (
                  <Stack
                    direction="row"
                    sx={{ gap: 0.75, flexWrap: 'wrap', mt: 1 }}
                    aria-label={t('attachments.label')}
                    role="list"
                  >
                    {draft.attachments.map((a: ComposeAttachment) => (
                      <Chip
                        role="listitem"
                        key={a.id}
                        icon={<PaperclipIcon fontSize="small" />}
                        label={`${a.name} · ${formatBytes(a.size, i18n.language)}`}
                        onDelete={() =>
                          patch({ attachments: draft.attachments.filter((x) => x.id !== a.id) })
                        }
                        sx={{ maxWidth: 1 }}
                      />
                    ))}
                  </Stack>
                )}
                {attachOpen && (
                  <Box sx={{ mt: 1 }}>
                    <UploadDropZone
                      dense
                      disabled={draft.attachments.length >= MAIL_ATTACHMENTS_PER_MESSAGE}
                      onFiles={(files) => queue.add(files)}
                    />
                  </Box>
                )}
                {(uploading || queue.overall.failed > 0) && (
                  <Box sx={{ mt: 1 }}>
                    <UploadList
                      entries={queue.entries.filter((e) => e.status !== 'done')}
                      overall={queue.overall}
                      onRetry={queue.retry}
                      onCancel={queue.cancel}
                      onClear={queue.clearFinished}
                    />
                  </Box>
                )}
                {notice && (
                  <Alert severity="info" sx={{ mt: 1 }} onClose={() => setNotice(null)}>
                    {notice}
                  </Alert>
                )}
                {error && (
                  <Alert severity="error" sx={{ mt: 1 }} role="alert">
                    {error}
                  </Alert>
                )}
              </Box>
              <Stack
                direction="row"
                sx={{
                  alignItems: 'center',
                  gap: 1,
                  px: 2,
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                  flexWrap: 'wrap',
                }}
              >
                <ButtonGroup variant="contained" disabled={busy !== null || noMailbox}>
                  <Button
                    startIcon={
                      busy === 'send' ? (
                        <CircularProgress size={16} color="inherit" />
                      ) : (
                        <SendIcon />
                      )
                    }
                    onClick={() => void submit()}
                  >
                    {t('actions.send')}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('actions.sendOptions')}
                    aria-haspopup="menu"
                    onClick={(event) => setSendMenu(event.currentTarget)}
                  >
                    <ChevronDownIcon fontSize="small" />
                  </Button>
                </ButtonGroup>
                <Menu
                  anchorEl={sendMenu}
                  open={Boolean(sendMenu)}
                  onClose={() => setSendMenu(null)}
                >
                  <MenuItem
                    onClick={() => {
                      setSendMenu(null);
                      setScheduleOpen(true);
                    }}
                  >
                    {t('schedule.action')}
                  </MenuItem>
                </Menu>
                <Box sx={{ flex: 1 }} />
                <Tooltip title={t('attachments.action')}>
                  <IconButton
                    aria-label={t('attachments.action')}
                    aria-pressed={attachOpen}
                    onClick={() => setAttachOpen((v) => !v)}
                  >
                    <PaperclipIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('templates.action')}>
                  <IconButton
                    aria-label={t('templates.action')}
                    aria-haspopup="menu"
                    onClick={(event) => setTemplateMenu(event.currentTarget)}
                  >
                    <TemplateIcon />
                  </IconButton>
                </Tooltip>
                <TemplatesMenu
                  anchor={templateMenu}
                  onClose={() => setTemplateMenu(null)}
                  loading={templates.isLoading}
                  failed={Boolean(templates.error)}
                  templates={templates.data ?? []}
                  onPick={(template) => void applyTemplate(template)}
                />
                <Tooltip title={t('actions.discard')}>
                  <span>
                    <IconButton
                      aria-label={t('actions.discard')}
                      disabled={busy !== null}
                      onClick={() => onClosed(false)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            </>
          )}
        </Box>
      )}
      <ScheduleDialog
        open={scheduleOpen}
        presets={presets}
        onClose={() => setScheduleOpen(false)}
        onSchedule={(at) => {
          setScheduleOpen(false);
          void submit(at);
        }}
      />
    </Paper>
  );
}

let nextWindowId = 0;
const windowIds = new WeakMap<object, number>();
/** A stable id per window for its labels. */
function editorId(options: ComposeOptions): number {
  let found = windowIds.get(options);
  if (found === undefined) {
    found = ++nextWindowId;
    windowIds.set(options, found);
  }
  return found;
}

function TemplatesMenu({
  anchor,
  onClose,
  loading,
  failed,
  templates,
  onPick,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  loading: boolean;
  failed: boolean;
  templates: EmailTemplate[];
  onPick: (template: EmailTemplate) => void;
}) {
  const { t } = useTranslation('compose');
  const full = templates.filter((x) => x.kind === 'template');
  const snippets = templates.filter((x) => x.kind === 'snippet');
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: 360, width: 280 } } }}
    >
      {loading && <MenuItem disabled>{t('templates.loading')}</MenuItem>}
      {failed && <MenuItem disabled>{t('templates.failed')}</MenuItem>}
      {!loading && !failed && templates.length === 0 && (
        <MenuItem disabled>{t('templates.empty')}</MenuItem>
      )}
      {full.length > 0 && <ListSubheader>{t('templates.templates')}</ListSubheader>}
      {full.map((template) => (
        <MenuItem key={template.id} onClick={() => onPick(template)}>
          <Typography variant="body2" noWrap>
            {template.name}
          </Typography>
        </MenuItem>
      ))}
      {snippets.length > 0 && <ListSubheader>{t('templates.snippets')}</ListSubheader>}
      {snippets.map((template) => (
        <MenuItem key={template.id} onClick={() => onPick(template)}>
          <Typography variant="body2" noWrap>
            {template.name}
          </Typography>
        </MenuItem>
      ))}
    </Menu>
  );
}

function ScheduleDialog({
  open,
  presets,
  onClose,
  onSchedule,
}: {
  open: boolean;
  presets: { tomorrow: Date; monday: Date };
  onClose: () => void;
  onSchedule: (at: Date) => void;
}) {
  const { t, i18n } = useTranslation('compose');
  const [value, setValue] = useState(() => toLocalInput(presets.tomorrow));
  const when = new Date(value);
  const valid = !Number.isNaN(when.getTime()) && when.getTime() > Date.now();
  const format = (date: Date) =>
    new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('schedule.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <Button variant="outlined" color="inherit" onClick={() => onSchedule(presets.tomorrow)}>
            {t('schedule.tomorrow', { when: format(presets.tomorrow) })}
          </Button>
          <Button variant="outlined" color="inherit" onClick={() => onSchedule(presets.monday)}>
            {t('schedule.monday', { when: format(presets.monday) })}
          </Button>
          <TextField
            type="datetime-local"
            label={t('schedule.pick')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={!valid}
            helperText={valid ? t('schedule.at', { when: format(when) }) : t('errors.pastTime')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: toLocalInput(new Date()) },
            }}
            sx={{ mt: 1 }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onSchedule(when)}>
          {t('schedule.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
