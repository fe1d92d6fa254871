// The settings drawer and its button: dashboard-only, kept apart from index.ts so that pages
// that only need the settings' state (the sign-in page) do not load the drawer.
export { SettingsDrawer, SETTINGS_DRAWER_WIDTH } from './components/settings-drawer.tsx';
export { SettingsButton } from './components/settings-button.tsx';
