import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Member } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { findLanguage } from '../../../locales/languages.ts';
import { memberInitials, memberName } from '../../../utils/members.ts';
import { useKanbanAddCommentMutation, useKanbanCommentsQuery } from '../api/kanban-api.ts';
import { formatDateTime } from '../utils/dates.ts';
import { kanbanErrorText } from '../utils/error-text.ts';

const COMMENT_MAX = 5000;

export interface CardCommentsProps {
  cardId: string;
  canEdit: boolean;
  /**
   * The card was deleted by someone else while open: a comment being written stays in its field
   * (read-only, so that it can still be copied) but cannot be sent.
   */
  gone?: boolean;
  members: Member[];
}

/** The card's comments, oldest first, live; contributors and admins can add one. */
export function CardComments({ cardId, canEdit, gone = false, members }: CardCommentsProps) {
  const { t, i18n } = useTranslation('kanban');
  const locale = findLanguage(i18n.resolvedLanguage).htmlLang;
  const { enqueueSnackbar } = useSnackbar();
  const query = useKanbanCommentsQuery(cardId);
  const [addComment] = useKanbanAddCommentMutation();
  const stored = query.currentData;
  // A card deleted meanwhile may take its comments with it: keep showing the last ones.
  const lastComments = useRef(stored);
  if (stored) lastComments.current = stored;
  const comments = stored ?? lastComments.current;
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);

  const failure = query.error;
  useEffect(() => {
    if (failure) enqueueSnackbar(kanbanErrorText(t, failure), { variant: 'error' });
  }, [failure, enqueueSnackbar, t]);

  const send = async () => {
    const text = body.trim();
    if (!text || gone) return;
    setSending(true);
    try {
      await addComment({ cardId, body: text }).unwrap();
      setBody('');
    } catch (error) {
      enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box>
      {comments === undefined ? (
        <Box>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      ) : comments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('comments.none')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {comments.map((comment) => {
            const author = members.find((m) => m.id === comment.authorId);
            const name = author ? memberName(author) : t('comments.formerMember');
            return (
              <Box component="li" key={comment.id} sx={{ display: 'flex', gap: 1.5, py: 1.25 }}>
                <Avatar
                  aria-hidden="true"
                  sx={{
                    width: 32,
                    height: 32,
                    fontSize: '0.75rem',
                    fontWeight: 700,
                    bgcolor: 'secondary.lighter',
                    color: 'secondary.darker',
                  }}
                >
                  {author ? memberInitials(author) : '?'}
                </Avatar>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Box
                    sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}
                  >
                    <Typography variant="subtitle2">{name}</Typography>
                    <Typography
                      variant="caption"
                      component="time"
                      dateTime={comment.createdAt}
                      sx={{ color: 'text.secondary' }}
                    >
                      {formatDateTime(comment.createdAt, locale)}
                    </Typography>
                  </Box>
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25 }}
                  >
                    {comment.body}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}

      {canEdit && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
          sx={{ mt: 1.5, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-end' }}
        >
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('comments.new')}
            value={body}
            disabled={sending}
            onChange={(event) => setBody(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                event.preventDefault();
                void send();
              }
            }}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX, readOnly: gone } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="small"
            disabled={gone || sending || !body.trim()}
          >
            {t('comments.send')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
