import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { KANBAN_ATTACHMENT_MAX_BYTES, type KanbanAttachment } from '@beacon/contract';
import { FileThumbnail } from '../../../components/file-thumbnail.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { findLanguage } from '../../../locales/languages.ts';
import { saveFile } from '../../../utils/save-file.ts';
import {
  downloadAttachment,
  useKanbanRemoveAttachmentMutation,
  useKanbanUploadAttachmentMutation,
} from '../api/kanban-api.ts';
import { formatDateTime, formatFileSize } from '../utils/dates.ts';
import { kanbanErrorText } from '../utils/error-text.ts';
import { PaperclipIcon } from '../../../components/icons.tsx';
import { TrashIcon } from './kanban-icons.tsx';

export interface CardAttachmentsProps {
  cardId: string;
  attachments: KanbanAttachment[];
  canEdit: boolean;
}

/**
 * Files attached to the card, each with its thumbnail (images and PDFs) or a paperclip: download,
 * attach (up to 10 MB each), remove.
 */
export function CardAttachments({ cardId, attachments, canEdit }: CardAttachmentsProps) {
  const { t, i18n } = useTranslation('kanban');
  const locale = findLanguage(i18n.resolvedLanguage).htmlLang;
  const [uploadAttachment] = useKanbanUploadAttachmentMutation();
  const [removeAttachment] = useKanbanRemoveAttachmentMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [uploading, setUploading] = useState(0);
  const fail = (error: unknown) => enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' });

  const upload = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (file.size > KANBAN_ATTACHMENT_MAX_BYTES) {
        enqueueSnackbar(t('attachments.tooLarge', { name: file.name }), { variant: 'error' });
        continue;
      }
      if (file.size === 0) {
        enqueueSnackbar(t('attachments.empty', { name: file.name }), { variant: 'error' });
        continue;
      }
      setUploading((n) => n + 1);
      try {
        await uploadAttachment({ cardId, file }).unwrap();
        enqueueSnackbar(t('attachments.added', { name: file.name }));
      } catch (error) {
        fail(error);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const download = async (attachment: KanbanAttachment) => {
    try {
      saveFile(await downloadAttachment(attachment.id), attachment.name);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Box>
      {attachments.length === 0 && !canEdit && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('attachments.none')}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {attachments.map((attachment) => (
          <Box
            component="li"
            key={attachment.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <FileThumbnail
              address={attachment.previewUrl}
              size={40}
              fallback={<PaperclipIcon fontSize="small" />}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() => void download(attachment)}
                sx={{ textAlign: 'start', overflowWrap: 'anywhere' }}
              >
                {attachment.name}
                <Box component="span" sx={visuallyHidden}>
                  {` ${t('attachments.download')}`}
                </Box>
              </Link>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {formatFileSize(attachment.size, locale)} ·{' '}
                {formatDateTime(attachment.createdAt, locale)}
              </Typography>
            </Box>
            {canEdit && (
              <IconButton
                size="small"
                aria-label={t('attachments.remove', { name: attachment.name })}
                onClick={() => removeAttachment(attachment.id).unwrap().catch(fail)}
              >
                <TrashIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {uploading > 0 && <LinearProgress sx={{ mt: 1 }} aria-label={t('attachments.uploading')} />}
      {canEdit && (
        <Button
          component="label"
          variant="outlined"
          color="inherit"
          size="small"
          startIcon={<PaperclipIcon />}
          sx={{ mt: 1.5 }}
        >
          {t('attachments.add')}
          <input
            type="file"
            multiple
            hidden
            onChange={(event) => {
              void upload(event.target.files);
              event.target.value = '';
            }}
          />
        </Button>
      )}
      {canEdit && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('attachments.limit', { size: formatFileSize(KANBAN_ATTACHMENT_MAX_BYTES, locale) })}
        </Typography>
      )}
    </Box>
  );
}
