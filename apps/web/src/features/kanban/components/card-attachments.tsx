import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  KANBAN_ATTACH_MAX_FILES,
  KANBAN_ATTACHMENT_MAX_BYTES,
  type KanbanAttachment,
} from '@beacon/contract';
import { FileThumbnail } from '../../../components/file-thumbnail.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { FilePickerDialog, type Picked } from '../../../components/upload/index.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { findLanguage } from '../../../locales/languages.ts';
import { saveFile } from '../../../utils/save-file.ts';
import {
  downloadAttachment,
  useKanbanAttachFilesMutation,
  useKanbanRemoveAttachmentMutation,
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
 * remove, and attach through the shared file picker (files sent from the device, or taken from
 * the files manager; up to 10 MB each).
 */
export function CardAttachments({ cardId, attachments, canEdit }: CardAttachmentsProps) {
  const { t, i18n } = useTranslation('kanban');
  const locale = findLanguage(i18n.resolvedLanguage).htmlLang;
  const [attachFiles] = useKanbanAttachFilesMutation();
  const [removeAttachment] = useKanbanRemoveAttachmentMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [picking, setPicking] = useState(false);
  const fail = (error: unknown) => enqueueSnackbar(kanbanErrorText(t, error), { variant: 'error' });

  /** Attaches what the picker gave, all or none; a refusal stays in the picker, in our words. */
  const attach = async ({ uploads, files }: Picked) => {
    try {
      await attachFiles({
        cardId,
        uploadIds: uploads.map((upload) => upload.uploadId),
        fileIds: files.map((file) => file.fileId),
      }).unwrap();
    } catch (error) {
      // A 404 here is one of the files (an upload gone, a file no longer shared), not the card.
      const notFound = (error as { status?: number }).status === 404;
      throw new Error(notFound ? t('attachments.notFound') : kanbanErrorText(t, error), {
        cause: error,
      });
    }
    const names = [...uploads, ...files].map((file) => file.name);
    enqueueSnackbar(
      names.length === 1
        ? t('attachments.added', { name: names[0] })
        : t('attachments.addedMany', { count: names.length }),
    );
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
      {canEdit && (
        <>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            startIcon={<PaperclipIcon />}
            sx={{ mt: 1.5 }}
            onClick={() => setPicking(true)}
          >
            {t('attachments.add')}
          </Button>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('attachments.limit', { size: formatFileSize(KANBAN_ATTACHMENT_MAX_BYTES, locale) })}
          </Typography>
          <FilePickerDialog
            open={picking}
            title={t('attachments.pickerTitle')}
            maxBytes={KANBAN_ATTACHMENT_MAX_BYTES}
            maxFiles={KANBAN_ATTACH_MAX_FILES}
            onClose={() => setPicking(false)}
            onPicked={attach}
          />
        </>
      )}
    </Box>
  );
}
