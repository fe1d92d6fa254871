// The mail app (issue 12; docs/decisions/059-mail-app.md), for the app's routes.
export { MailPage, type MailPageProps } from './components/mail-page.tsx';
export {
  ComposeBridgeContext,
  useComposeBridge,
  type ComposeBridge,
  type ComposeRequest,
} from './compose-bridge.ts';
