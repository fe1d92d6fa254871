import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { FlagIcon } from '../../../components/flag-icon.tsx';
import { LANGUAGES, findLanguage } from '../../../locales/languages.ts';

/**
 * The header's language menu: the current language's flag; each language in its own name.
 * Choosing Arabic switches the page to right-to-left, any other language to left-to-right (the
 * display settings follow the language).
 */
export function LanguagePopover() {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = findLanguage(i18n.resolvedLanguage ?? i18n.language);

  const choose = (code: string) => {
    setAnchor(null);
    if (code !== current.value) void i18n.changeLanguage(code);
  };

  return (
    <>
      <Tooltip title={t('languagePicker', { language: current.label })}>
        <IconButton
          aria-label={t('languagePicker', { language: current.label })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ width: 40, height: 40 }}
        >
          <FlagIcon code={current.flag} size={24} />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 200, mt: 1 } } }}
      >
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language.value}
            lang={language.htmlLang}
            selected={language.value === current.value}
            onClick={() => choose(language.value)}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <FlagIcon code={language.flag} size={24} />
            </ListItemIcon>
            <ListItemText>{language.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
