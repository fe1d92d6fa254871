export { ChatUnreadBadge } from './components/chat-unread-badge.tsx';
