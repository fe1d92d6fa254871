/** The FAQ, in groups; each item is `faqs:items.<key>.question` and `.answer`. */
export const FAQ_GROUPS = [
  { key: 'start', items: ['whatIs', 'install', 'requirements', 'demo', 'pricingSelfHosted'] },
  {
    key: 'data',
    items: ['whereData', 'embeddedVsPostgres', 'backups', 'importCsv', 'calendarFeeds'],
  },
  { key: 'team', items: ['roles', 'invite', 'smtp', 'security', 'languages'] },
  { key: 'production', items: ['configure', 'scaleOut', 'upgrade', 'api'] },
] as const;

export type FaqGroupKey = (typeof FAQ_GROUPS)[number]['key'];
