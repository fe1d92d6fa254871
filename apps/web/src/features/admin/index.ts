// The admin feature's public face, for the app to compose.
export { RoleChip } from './components/role-chip.tsx';
