import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MEMBER_IMAGE_MAX_BYTES, MEMBER_IMAGE_TYPES } from '@beacon/contract';
import { MemberAvatar, type MemberAvatarProps } from './member-avatar.tsx';
import { UploadIcon } from './icons.tsx';

export interface AvatarUploadProps {
  member: MemberAvatarProps['member'];
  /** Sends the file; a failure's message is shown under the avatar. */
  onUpload: (file: File) => Promise<void>;
  onRemove?: () => Promise<void>;
  /** Words a failure of either call. */
  errorText: (error: unknown) => string;
  size?: number;
}

/**
 * An avatar with its upload and remove buttons (the profile page; the account page after merge).
 * The browser checks the type and the size first; the server checks the bytes again.
 */
export function AvatarUpload({
  member,
  onUpload,
  onRemove,
  errorText,
  size = 96,
}: AvatarUploadProps) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const chosen = (file: File | undefined) => {
    if (!file) return;
    if (!(MEMBER_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(t('avatarUpload.badType'));
      return;
    }
    if (file.size > MEMBER_IMAGE_MAX_BYTES) {
      setError(t('avatarUpload.tooLarge'));
      return;
    }
    void run(() => onUpload(file));
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <MemberAvatar member={member} size={size} />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<UploadIcon />}
          loading={busy}
          onClick={() => input.current?.click()}
          aria-describedby={hint}
        >
          {t('avatarUpload.choose')}
        </Button>
        {onRemove && member.avatarUrl && (
          <Button size="small" color="inherit" disabled={busy} onClick={() => void run(onRemove)}>
            {t('avatarUpload.remove')}
          </Button>
        )}
      </Stack>
      <Box
        component="input"
        ref={input}
        type="file"
        accept={MEMBER_IMAGE_TYPES.join(',')}
        hidden
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
          chosen(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Typography id={hint} variant="caption" sx={{ color: 'text.secondary' }}>
        {t('avatarUpload.hint')}
      </Typography>
      {error && (
        <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
          {error}
        </Typography>
      )}
    </Stack>
  );
}
