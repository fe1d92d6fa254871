// MUI's own component texts in this language, as a chunk of its own (loaded when chosen).
export { frFR as default } from '@mui/material/locale';
