import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { SmileIcon } from './chat-icons.tsx';

/** The picker's own words per interface language (bundled with its data: nothing is fetched). */
const pickerWords: Record<string, () => Promise<{ default: unknown }>> = {
  en: () => import('@emoji-mart/data/i18n/en.json'),
  fr: () => import('@emoji-mart/data/i18n/fr.json'),
  vi: () => import('@emoji-mart/data/i18n/vi.json'),
  cn: () => import('@emoji-mart/data/i18n/zh.json'),
  ar: () => import('@emoji-mart/data/i18n/ar.json'),
};

/**
 * Emoji: emoji-mart's picker with its bundled data and the system's own emoji glyphs
 * (`set: 'native'`), loaded when first opened; no network.
 */
export function EmojiButton({
  onPick,
  disabled,
}: {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('chat');
  const theme = useTheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const host = useRef<HTMLDivElement | null>(null);
  const [loading, setLoading] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!anchor) return;
    let cancelled = false;
    let picker: HTMLElement | null = null;
    setLoading(true);
    const language = i18n.language in pickerWords ? i18n.language : 'en';
    void Promise.all([
      import('emoji-mart'),
      import('@emoji-mart/data/sets/15/native.json'),
      pickerWords[language]!(),
    ]).then(([{ Picker }, data, words]) => {
      if (cancelled || !host.current) return;
      picker = new Picker({
        data: data.default,
        i18n: words.default,
        set: 'native',
        theme: theme.palette.mode,
        previewPosition: 'none',
        skinTonePosition: 'search',
        autoFocus: true,
        onEmojiSelect: (emoji: { native?: string }) => {
          if (emoji.native) pick.current(emoji.native);
        },
      }) as unknown as HTMLElement;
      host.current.replaceChildren(picker);
      setLoading(false);
    });
    return () => {
      cancelled = true;
      picker?.remove();
    };
  }, [anchor, i18n.language, theme.palette.mode]);

  return (
    <>
      <Tooltip describeChild title={t('composer.emoji')}>
        <span>
          <IconButton
            aria-label={t('composer.emoji')}
            onClick={(event) => setAnchor(event.currentTarget)}
            disabled={disabled}
          >
            <SmileIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ minWidth: 300, minHeight: 120 }}>
          {loading && (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress size={24} aria-label={t('loading')} />
            </Box>
          )}
          <div ref={host} />
        </Box>
      </Popover>
    </>
  );
}
