// The admin feature's public face, for the app to compose.
export { fetchMembers } from './api/members-api.ts';
export { useMembers, type MembersState } from './hooks/use-members.ts';
export { RoleChip } from './components/role-chip.tsx';
