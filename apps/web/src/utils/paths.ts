/** Every route of the web app, in one place. */
export const paths = {
  home: '/',
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    loginUnprotected: '/auth/login-unprotected',
    registerUnprotected: '/auth/register-unprotected',
    verify: '/auth/verify',
    resetPassword: '/auth/reset-password',
    newPassword: '/auth/new-password',
  },
  dashboard: {
    root: '/dashboard',
    app: '/dashboard/app',
    // The dashboards.
    ecommerce: '/dashboard/ecommerce',
    analytics: '/dashboard/analytics',
    banking: '/dashboard/banking',
    booking: '/dashboard/booking',
    file: '/dashboard/file',
    // The CRM.
    people: '/dashboard/people',
    companies: '/dashboard/companies',
    deals: '/dashboard/deals',
    lists: '/dashboard/lists',
    sequences: '/dashboard/sequences',
    emails: '/dashboard/emails',
    calls: '/dashboard/calls',
    conversations: '/dashboard/conversations',
    meetings: '/dashboard/meetings',
    tasks: '/dashboard/tasks',
    workflow: '/dashboard/workflow',
    dataEnrichment: '/dashboard/data-enrichment',
    // The apps.
    calendar: '/dashboard/calendar',
    kanban: '/dashboard/kanban',
    chat: '/dashboard/chat',
    mail: '/dashboard/mail',
    mailAll: '/dashboard/mail/all',
    filesManager: '/dashboard/files-manager',
    // Management.
    user: {
      root: '/dashboard/user',
      profile: '/dashboard/user/profile',
      cards: '/dashboard/user/cards',
      list: '/dashboard/user/list',
      new: '/dashboard/user/new',
      account: '/dashboard/user/account',
    },
    eCommerce: {
      root: '/dashboard/e-commerce',
      shop: '/dashboard/e-commerce/shop',
      list: '/dashboard/e-commerce/list',
      new: '/dashboard/e-commerce/product/new',
      checkout: '/dashboard/e-commerce/checkout',
    },
    invoice: {
      root: '/dashboard/invoice',
      list: '/dashboard/invoice/list',
      new: '/dashboard/invoice/new',
    },
    blog: {
      root: '/dashboard/blog',
      posts: '/dashboard/blog/posts',
      new: '/dashboard/blog/new',
    },
    adminPanel: '/dashboard/admin-panel',
    contributorPanel: '/dashboard/contributor-panel',
    permissionDenied: '/dashboard/permission-denied',
  },
  /** The server's browsable API reference (its OpenAPI document is `/api/openapi.json`). */
  apiDocs: '/api/docs',
  page403: '/403',
  page404: '/404',
  page500: '/500',
  pricing: '/pricing',
  payment: '/payment',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  faqs: '/faqs',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  comingSoon: '/coming-soon',
  maintenance: '/maintenance',
  components: '/components',
} as const;

/** A path with a query string built from the defined values. */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
