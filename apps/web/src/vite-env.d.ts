/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; same origin when unset (decisions.md section 5). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
