import { useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../icons.tsx';
import { FolderIcon } from '../shell-icons.tsx';
import { droppedFiles, pickedFiles, type DroppedFile } from './dropped-files.ts';

export interface UploadDropZoneProps {
  onFiles: (files: DroppedFile[]) => void;
  disabled?: boolean;
  /** Offer to pick a whole folder too (its files keep their paths). */
  folders?: boolean;
  /** A small, one-line zone (a page's header) instead of the large one. */
  dense?: boolean;
  /** The `accept` of the file input (`image/*`); the server decides in the end. */
  accept?: string;
  children?: ReactNode;
}

/**
 * Where files are dropped (many at once, folders included) or picked with the buttons. Shared
 * by every area that takes files (docs/decisions/054-files-manager.md).
 */
export function UploadDropZone({
  onFiles,
  disabled,
  folders,
  dense,
  accept,
  children,
}: UploadDropZoneProps) {
  const { t } = useTranslation('common');
  const [over, setOver] = useState(false);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);

  return (
    <Box
      data-testid="upload-drop-zone"
      onDragOver={(event) => {
        if (disabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (disabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setOver(false);
        void droppedFiles(event.dataTransfer).then((list) => list.length > 0 && onFiles(list));
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: dense ? 1.5 : 4,
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <Stack
        direction={dense ? 'row' : 'column'}
        spacing={dense ? 1.5 : 1}
        sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <UploadIcon aria-hidden fontSize={dense ? 'small' : 'large'} />
        <Typography variant={dense ? 'body2' : 'subtitle1'}>{t('upload.drop')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            disabled={disabled}
            onClick={() => files.current?.click()}
          >
            {t('upload.chooseFiles')}
          </Button>
          {folders && (
            <Button
              size="small"
              variant="outlined"
              disabled={disabled}
              startIcon={<FolderIcon />}
              onClick={() => folder.current?.click()}
            >
              {t('upload.chooseFolder')}
            </Button>
          )}
        </Stack>
        {children}
      </Stack>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        accept={accept}
        aria-label={t('upload.chooseFiles')}
        data-testid="upload-files-input"
        onChange={(event) => {
          onFiles(pickedFiles(event.currentTarget.files));
          event.currentTarget.value = '';
        }}
      />
      {folders && (
        <input
          ref={folder}
          type="file"
          hidden
          aria-label={t('upload.chooseFolder')}
          data-testid="upload-folder-input"
          {...{ webkitdirectory: '' }}
          onChange={(event) => {
            onFiles(pickedFiles(event.currentTarget.files));
            event.currentTarget.value = '';
          }}
        />
      )}
    </Box>
  );
}
