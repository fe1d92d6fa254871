import { useEffect, useRef } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newCommentRequestSchema, type Member } from '@beacon/contract';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { findLanguage } from '../../../locales/languages.ts';
import { applyServerFieldErrors, fieldErrorMessage } from '../../../utils/form-errors.ts';
import { memberInitials, memberName } from '../../../utils/members.ts';
import { isApiFailure } from '../../../lib/api.ts';
import { useKanbanAddCommentMutation, useKanbanCommentsQuery } from '../api/kanban-api.ts';
import { formatDateTime } from '../utils/dates.ts';
import { kanbanErrorText } from '../utils/error-text.ts';

/** The comment box: the body of the contract's new comment. */
const commentSchema = newCommentRequestSchema.pick({ body: true });
const COMMENT_MAX = commentSchema.shape.body.maxLength ?? undefined;

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
  // The unsent comment stays in the form when the card is deleted meanwhile (`gone`).
  const { control, handleSubmit, reset, setError, formState } = useForm<{ body: string }>({
    resolver: zodResolver(commentSchema),
    defaultValues: { body: '' },
  });
  const { field, fieldState } = useController({ name: 'body', control });
  const body = field.value;
  const sending = formState.isSubmitting;

  const failure = query.error;
  useEffect(() => {
    if (failure) enqueueSnackbar(kanbanErrorText(t, failure), { variant: 'error' });
  }, [failure, enqueueSnackbar, t]);

  const send = handleSubmit(async ({ body: text }) => {
    if (gone) return;
    try {
      await addComment({ cardId, body: text }).unwrap();
      reset({ body: '' });
    } catch (error) {
      if (!applyServerFieldErrors(setError, isApiFailure(error) ? error : undefined, ['body'])) {
        enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' });
      }
    }
  });

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
            name={field.name}
            value={body}
            inputRef={field.ref}
            disabled={sending}
            error={Boolean(fieldState.error)}
            helperText={fieldErrorMessage(t, fieldState.error)}
            onChange={field.onChange}
            onBlur={field.onBlur}
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
