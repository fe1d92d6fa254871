// The CRM feature's public face, for the app to compose. The screens load with their routes
// (pages/*.tsx); the API client is shared by every CRM screen of this feature.
export * from './api/index.ts';
