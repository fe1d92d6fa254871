export * from './errors.ts';
export * from './auth.ts';
export * from './health.ts';
export * from './calendar.ts';
export * from './members.ts';
export * from './kanban.ts';
export * from './public.ts';
export * from './crm.ts';
