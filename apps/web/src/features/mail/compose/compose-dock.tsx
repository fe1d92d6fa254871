import { useMemo } from 'react';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { MAIL_UNDO_SECONDS, type Mail } from '@beacon/contract';
import { CloseIcon } from '../../../components/icons.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import type { UploadTransport } from '../../../components/upload/index.ts';
import {
  useAccountSignatureQuery,
  useMemberMailboxesQuery,
  useUndoSendMutation,
} from './compose-api.ts';
import {
  MAX_COMPOSE_WINDOWS,
  minimizedOf,
  useComposeUser,
  type WindowState,
} from './compose-context.ts';
import type { ComposeDraft, ComposeOptions } from './compose-utils.ts';
import { ComposeWindow } from './compose-window.tsx';

export type { WindowState };

export interface OpenWindow {
  key: number;
  options: ComposeOptions;
  state: WindowState;
}

export interface SentNotice {
  mail: Mail;
  draft: ComposeDraft;
}

/** The open windows docked at the bottom corner, and the Undo of a mail just sent. */
export function ComposeDock({
  windows,
  setWindows,
  sent,
  setSent,
  tooMany,
  setTooMany,
  openCompose,
  uploadTransport,
}: {
  windows: OpenWindow[];
  setWindows: React.Dispatch<React.SetStateAction<OpenWindow[]>>;
  sent: SentNotice | null;
  setSent: (notice: SentNotice | null) => void;
  tooMany: boolean;
  setTooMany: (value: boolean) => void;
  openCompose: (options: ComposeOptions) => void;
  uploadTransport?: UploadTransport;
}) {
  const { t, i18n } = useTranslation('compose');
  const theme = useTheme();
  const user = useComposeUser();
  const { enqueueSnackbar } = useSnackbar();
  const mailboxes = useMemberMailboxesQuery(undefined, { skip: windows.length === 0 });
  const [undoSend, undoing] = useUndoSendMutation();
  // The account's signature is the fallback of a mailbox without one of its own.
  const accountSignature = useAccountSignatureQuery(undefined, { skip: windows.length === 0 });

  // The member sends from their own mailboxes and the shared ones.
  const senders = useMemo(
    () => (mailboxes.data ?? []).filter((m) => m.ownerId === user?.id || m.shared),
    [mailboxes.data, user?.id],
  );

  const remove = (key: number) => setWindows((list) => list.filter((w) => w.key !== key));
  const setState = (key: number, state: WindowState) =>
    setWindows((list) =>
      list.map((w) =>
        w.key === key
          ? { ...w, state }
          : state === 'open' || state === 'maximized'
            ? { ...w, state: minimizedOf(w.state) }
            : w,
      ),
    );

  const undo = async () => {
    if (!sent) return;
    const { mail, draft } = sent;
    setSent(null);
    try {
      await undoSend(mail.id).unwrap();
      openCompose({ draft: { ...draft, draftId: mail.id } });
      enqueueSnackbar(t('undo.done'), { variant: 'info' });
    } catch {
      enqueueSnackbar(t('undo.tooLate'), { variant: 'warning' });
    }
  };

  const maximized = windows.some((w) => w.state === 'maximized');
  const scheduledAt =
    sent?.mail.status === 'scheduled' && sent.mail.sendAt ? new Date(sent.mail.sendAt) : null;

  return (
    <>
      {maximized && (
        <Backdrop
          open
          sx={{ zIndex: theme.zIndex.modal }}
          onClick={() =>
            setWindows((list) =>
              list.map((w) => (w.state === 'maximized' ? { ...w, state: 'open' } : w)),
            )
          }
        />
      )}
      <Box
        data-testid="compose-dock"
        sx={{
          position: 'fixed',
          bottom: 0,
          insetInlineEnd: { xs: 0, sm: 24 },
          // Above the backdrop while a window is maximised; below dialogs otherwise.
          zIndex: maximized ? theme.zIndex.modal + 1 : theme.zIndex.modal - 1,
          display: 'flex',
          flexDirection: 'row-reverse',
          alignItems: 'flex-end',
          gap: 1.5,
          pointerEvents: 'none',
          maxWidth: '100vw',
        }}
      >
        {[...windows].reverse().map((w) => (
          <ComposeWindow
            key={w.key}
            options={w.options}
            state={w.state}
            mailboxes={senders}
            mailboxesLoading={mailboxes.isLoading}
            accountSignature={accountSignature.data ?? ''}
            uploadTransport={uploadTransport}
            onState={(state) => setState(w.key, state)}
            onClosed={(saved) => {
              remove(w.key);
              if (saved) enqueueSnackbar(t('draftSaved'), { variant: 'info' });
            }}
            onSent={(mail, draft) => {
              remove(w.key);
              setSent({ mail, draft });
            }}
          />
        ))}
      </Box>
      <Snackbar
        open={Boolean(sent)}
        key={sent?.mail.id}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        autoHideDuration={MAIL_UNDO_SECONDS * 1000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setSent(null);
        }}
        message={
          scheduledAt
            ? t('undo.scheduled', {
                when: new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(scheduledAt),
              })
            : t('undo.sent')
        }
        action={
          <>
            <Button
              color="inherit"
              size="small"
              disabled={undoing.isLoading}
              onClick={() => void undo()}
            >
              {t('undo.action')}
            </Button>
            <IconButton
              size="small"
              color="inherit"
              aria-label={t('actions.close')}
              onClick={() => setSent(null)}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      />
      <Snackbar
        open={tooMany}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        autoHideDuration={6000}
        onClose={() => setTooMany(false)}
        message={t('tooMany', { count: MAX_COMPOSE_WINDOWS })}
      />
    </>
  );
}
