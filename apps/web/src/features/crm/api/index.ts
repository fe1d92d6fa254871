export * from './crm-api.ts';
