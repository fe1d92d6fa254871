// MUI's own component texts in this language, as a chunk of its own (loaded when chosen).
export { viVN as default } from '@mui/material/locale';
