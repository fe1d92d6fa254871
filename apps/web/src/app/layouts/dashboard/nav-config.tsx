import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  CalendarIcon,
  ChartIcon,
  MailIcon,
  SendIcon,
  ShieldIcon,
  UsersIcon,
} from '../../../components/icons.tsx';
import type { NavGroupData, NavItemData } from '../../../components/nav-section/index.ts';
import {
  AppsIcon,
  BankIcon,
  BlogIcon,
  BuildingIcon,
  CartIcon,
  ChatIcon,
  CodeIcon,
  DealIcon,
  FileIcon,
  FolderIcon,
  HomeIcon,
  InvoiceIcon,
  KanbanIcon,
  ListIcon,
  PhoneIcon,
  SparklesIcon,
  TasksIcon,
  TicketIcon,
  UserIcon,
  VideoIcon,
  WorkflowIcon,
  LockKeyIcon,
} from '../../../components/shell-icons.tsx';
import { paths } from '../../../utils/paths.ts';

/**
 * The whole menu of the spec: every dashboard area, grouped in sections. Titles are keys of the
 * `navbar` namespace. The layout shows only the items whose screen exists (the route table
 * decides) and that the signed-in role may see, so an area appears as soon as its route does.
 */
interface NavItemConfig extends Omit<NavItemData, 'title' | 'caption' | 'children' | 'icon'> {
  title: string;
  caption?: string;
  icon?: ReactNode;
  children?: NavItemConfig[];
}

interface NavGroupConfig {
  subheader: string;
  items: NavItemConfig[];
}

const d = paths.dashboard;

/** The chat's unread total, loaded apart so the menu's first load carries none of the chat. */
const ChatUnreadBadge = lazy(() =>
  import('../../../features/chat/index.ts').then((m) => ({ default: m.ChatUnreadBadge })),
);
const chatUnread = (
  <Suspense fallback={null}>
    <ChatUnreadBadge />
  </Suspense>
);

export const NAV_CONFIG: NavGroupConfig[] = [
  {
    subheader: 'sections.general',
    items: [
      { title: 'items.app', path: d.app, icon: <HomeIcon /> },
      { title: 'items.ecommerce', path: d.ecommerce, icon: <CartIcon /> },
      { title: 'items.analytics', path: d.analytics, icon: <ChartIcon /> },
      { title: 'items.banking', path: d.banking, icon: <BankIcon /> },
      { title: 'items.booking', path: d.booking, icon: <TicketIcon /> },
      { title: 'items.file', path: d.file, icon: <FileIcon /> },
    ],
  },
  {
    subheader: 'sections.crm',
    items: [
      { title: 'items.people', path: d.people, icon: <UsersIcon /> },
      { title: 'items.companies', path: d.companies, icon: <BuildingIcon /> },
      { title: 'items.deals', path: d.deals, icon: <DealIcon /> },
      { title: 'items.lists', path: d.lists, icon: <ListIcon /> },
      { title: 'items.sequences', path: d.sequences, icon: <SendIcon /> },
      { title: 'items.emails', path: d.emails, icon: <MailIcon /> },
      { title: 'items.calls', path: d.calls, icon: <PhoneIcon /> },
      { title: 'items.conversations', path: d.conversations, icon: <ChatIcon /> },
      { title: 'items.meetings', path: d.meetings, icon: <VideoIcon /> },
      { title: 'items.tasks', path: d.tasks, icon: <TasksIcon /> },
      { title: 'items.workflow', path: d.workflow, icon: <WorkflowIcon /> },
      { title: 'items.dataEnrichment', path: d.dataEnrichment, icon: <SparklesIcon /> },
    ],
  },
  {
    subheader: 'sections.workspace',
    items: [
      {
        title: 'items.apps',
        path: d.root,
        icon: <AppsIcon />,
        children: [
          {
            title: 'items.calendar',
            path: d.calendar,
            icon: <CalendarIcon />,
            caption: 'captions.calendar',
          },
          { title: 'items.kanban', path: d.kanban, icon: <KanbanIcon /> },
          { title: 'items.chat', path: d.chat, icon: <ChatIcon />, info: chatUnread },
          { title: 'items.mail', path: d.mail, icon: <MailIcon /> },
          { title: 'items.filesManager', path: d.filesManager, icon: <FolderIcon /> },
        ],
      },
      {
        title: 'items.adminPanel',
        path: d.adminPanel,
        icon: <ShieldIcon />,
        caption: 'captions.adminPanel',
        roles: ['admin'],
      },
      {
        title: 'items.contributorPanel',
        path: d.contributorPanel,
        icon: <LockKeyIcon />,
        roles: ['admin', 'contributor'],
      },
    ],
  },
  {
    subheader: 'sections.management',
    items: [
      {
        title: 'items.user',
        path: d.user.root,
        icon: <UserIcon />,
        children: [
          { title: 'items.userProfile', path: d.user.profile },
          { title: 'items.userCards', path: d.user.cards },
          { title: 'items.userList', path: d.user.list },
          { title: 'items.userCreate', path: d.user.new },
          { title: 'items.userAccount', path: d.user.account },
        ],
      },
      {
        title: 'items.eCommerce',
        path: d.eCommerce.root,
        icon: <CartIcon />,
        children: [
          { title: 'items.shop', path: d.eCommerce.shop },
          { title: 'items.productList', path: d.eCommerce.list },
          { title: 'items.productCreate', path: d.eCommerce.new },
          { title: 'items.checkout', path: d.eCommerce.checkout },
        ],
      },
      {
        title: 'items.invoice',
        path: d.invoice.root,
        icon: <InvoiceIcon />,
        children: [
          { title: 'items.invoiceList', path: d.invoice.list },
          { title: 'items.invoiceCreate', path: d.invoice.new },
        ],
      },
      {
        title: 'items.blog',
        path: d.blog.root,
        icon: <BlogIcon />,
        children: [
          { title: 'items.blogPosts', path: d.blog.posts },
          { title: 'items.blogCreate', path: d.blog.new },
        ],
      },
    ],
  },
  {
    subheader: 'sections.resources',
    items: [
      {
        title: 'items.apiReference',
        path: paths.apiDocs,
        icon: <CodeIcon />,
        external: true,
      },
    ],
  },
];

function translateItem(item: NavItemConfig, t: TFunction<'navbar'>): NavItemData {
  return {
    ...item,
    title: t(item.title as never),
    caption: item.caption ? t(item.caption as never) : undefined,
    children: item.children?.map((child) => translateItem(child, t)),
  };
}

/** The menu in the interface language (before filtering by role and existing screens). */
export function useNavData(): NavGroupData[] {
  const { t } = useTranslation('navbar');
  return useMemo(
    () =>
      NAV_CONFIG.map((group) => ({
        subheader: t(group.subheader as never),
        items: group.items.map((item) => translateItem(item, t)),
      })),
    [t],
  );
}
