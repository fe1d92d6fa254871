export * from './record-query.ts';
