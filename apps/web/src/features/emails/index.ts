// The CRM's e-mails and conversations (issue 12), for the app's routes.
export {
  ConversationsPage,
  type ConversationsPageProps,
} from './components/conversations-page.tsx';
export { EmailsPage, type EmailsPageProps } from './components/emails-page.tsx';
