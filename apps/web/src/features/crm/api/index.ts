export * from './crm-api.ts';
export { sendRaw, fileNameOf } from './raw.ts';
