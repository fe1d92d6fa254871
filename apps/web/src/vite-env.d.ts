/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; same origin when unset. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
