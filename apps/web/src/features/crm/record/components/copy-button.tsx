import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../../components/snackbar/index.ts';
import { CopyIcon } from '../../../../components/icons.tsx';

/** Copies `text` to the clipboard and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('records');
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => enqueueSnackbar(t('actions.copied')),
            () => enqueueSnackbar(t('actions.copyFailed'), { variant: 'error' }),
          );
        }}
      >
        <CopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
