import { useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  CHAT_BODY_MAX_CHARS,
  type ChatAttachment,
  type ChatParticipant,
} from '@beacon/contract';
import { PaperclipIcon, SendIcon } from '../../../components/icons.tsx';
import { FilePickerDialog, type Picked } from '../../../components/upload/index.ts';
import { areaErrorText } from '../../../utils/area-error.ts';
import { useChatAttachFilesMutation } from '../api/chat-api.ts';
import { EmojiButton } from './emoji-button.tsx';

const TYPING_EVERY_MS = 3000;

export interface ComposerMessage {
  body: string;
  attachments: ChatAttachment[];
  mentionIds: string[];
}

/** The `@name` being written at the caret, if any. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  if (query.length > 30 || /\n/.test(query)) return null;
  return { start: at, query };
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a line; emoji; files through the shared file
 * picker (sent from the device or taken from the files manager, checked by the server by content
 * and size, then held for this message); `@` offers the conversation's other members, who are
 * notified when the message mentions them. Typing tells the others, at most every 3 s.
 */
export function ChatComposer({
  conversationId,
  members,
  onSend,
  onTyping,
  disabled,
}: {
  conversationId: string;
  /** The conversation's other members (who can be mentioned). */
  members: ChatParticipant[];
  onSend: (message: ComposerMessage) => void;
  onTyping: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [attachments, setAttachments] = useState<ChatAttachment[]>([]);
  const [mentioned, setMentioned] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [highlight, setHighlight] = useState(0);
  const [attachFiles, { isLoading: uploading }] = useChatAttachFilesMutation();
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLTextAreaElement | null>(null);
  const lastTyping = useRef(0);

  const mention = mentionAt(text, caret);
  const choices = useMemo(() => {
    if (!mention) return [];
    const q = mention.query.toLowerCase();
    return members.filter((m) => m.name.toLowerCase().includes(q)).slice(0, 6);
  }, [mention, members]);
  const tooLong = [...text].length > CHAT_BODY_MAX_CHARS;

  const change = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    setCaret(event.target.selectionStart ?? event.target.value.length);
    setHighlight(0);
    setError(null);
    const now = Date.now();
    if (event.target.value && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  const insert = (value: string, from = caret, to = caret) => {
    const next = text.slice(0, from) + value + text.slice(to);
    setText(next);
    const at = from + value.length;
    setCaret(at);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
    });
  };

  const choose = (member: ChatParticipant) => {
    if (!mention) return;
    insert(`@${member.name} `, mention.start, caret);
    setMentioned((all) => ({ ...all, [member.id]: member.name }));
  };

  const send = () => {
    const body = text.trim() === '' ? '' : text;
    if ((body === '' && attachments.length === 0) || tooLong || uploading) return;
    const mentionIds = Object.entries(mentioned)
      .filter(([, name]) => body.includes(`@${name}`))
      .map(([id]) => id);
    onSend({ body, attachments, mentionIds });
    setText('');
    setCaret(0);
    setAttachments([]);
    setMentioned({});
    lastTyping.current = 0;
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (choices.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((h) => (h + step + choices.length) % choices.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(choices[highlight] ?? choices[0]!);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const room = CHAT_ATTACHMENTS_PER_MESSAGE - attachments.length;

  /** Takes what the picker gave for this message, all or none; a refusal stays in the picker. */
  const attach = async ({ uploads, files }: Picked) => {
    try {
      const taken = await attachFiles({
        conversationId,
        uploadIds: uploads.map((upload) => upload.uploadId),
        fileIds: files.map((file) => file.fileId),
      }).unwrap();
      setAttachments((all) => [...all, ...taken]);
      setError(null);
    } catch (failure) {
      // A 404 here is one of the files (an upload gone, a file no longer shared).
      const notFound = (failure as { status?: number }).status === 404;
      throw new Error(notFound ? t('composer.notFound') : areaErrorText(t, 'chat', failure), {
        cause: failure,
      });
    }
  };

  return (
    <Box sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', p: 1 }}>
      {choices.length > 0 && (
        <Paper
          elevation={8}
          sx={{ position: 'absolute', bottom: '100%', insetInlineStart: 8, mb: 0.5, minWidth: 220 }}
        >
          <List dense aria-label={t('composer.mentions')} role="listbox">
            {choices.map((member, i) => (
              <ListItemButton
                key={member.id}
                selected={i === highlight}
                role="option"
                aria-selected={i === highlight}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(member);
                }}
              >
                <ListItemText primary={member.name} secondary={member.email} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {attachments.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1, pb: 1 }}>
          {attachments.map((a) => (
            <Chip
              key={a.id}
              label={a.name}
              size="small"
              onDelete={() => setAttachments((all) => all.filter((x) => x.id !== a.id))}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <EmojiButton disabled={disabled} onPick={(emoji) => insert(emoji, caret, caret)} />
        <Tooltip describeChild title={t('composer.attach')}>
          <span>
            <IconButton
              aria-label={t('composer.attach')}
              onClick={() => setPicking(true)}
              disabled={disabled || uploading || room <= 0}
            >
              <PaperclipIcon />
            </IconButton>
          </span>
        </Tooltip>
        <FilePickerDialog
          open={picking}
          title={t('composer.pickerTitle')}
          maxBytes={CHAT_ATTACHMENT_MAX_BYTES}
          maxFiles={Math.max(room, 1)}
          onClose={() => setPicking(false)}
          onPicked={attach}
        />
        <InputBase
          inputRef={input}
          value={text}
          onChange={change}
          onKeyDown={keyDown}
          onSelect={(event) =>
            setCaret((event.target as HTMLTextAreaElement).selectionStart ?? text.length)
          }
          placeholder={t('composer.placeholder')}
          inputProps={{ 'aria-label': t('composer.label'), dir: 'auto' }}
          multiline
          maxRows={6}
          disabled={disabled}
          sx={{ flex: 1, px: 1, py: 1 }}
        />
        <Tooltip describeChild title={t('composer.send')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('composer.send')}
              onClick={send}
              disabled={
                disabled || uploading || tooLong || (text.trim() === '' && attachments.length === 0)
              }
            >
              <SendIcon
                sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
              />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {(error || tooLong) && (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main', px: 1 }}>
          {tooLong ? t('composer.tooLong', { max: CHAT_BODY_MAX_CHARS }) : error}
        </Typography>
      )}
    </Box>
  );
}
