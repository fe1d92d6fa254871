import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type LanguageCode } from '../locales/languages.ts';

export interface LanguageMenuProps {
  id: string;
  /** The id of the button that opens it, which names the list. */
  buttonId: string;
  anchorEl: HTMLElement | null;
  current: LanguageCode;
  onChoose: (code: LanguageCode) => void;
  onClose: () => void;
}

/** The list of the language picker: its own chunk, loaded when the picker is first used. */
export function LanguageMenu({
  id,
  buttonId,
  anchorEl,
  current,
  onChoose,
  onClose,
}: LanguageMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.value}
          lang={language.htmlLang}
          selected={language.value === current}
          onClick={() => onChoose(language.value)}
        >
          {language.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
