import { createContext, useContext } from 'react';
import { tusTransport, type UploadTransport } from './upload-queue.ts';

/**
 * How the file pickers of a screen send files: tus against `/api/uploads` unless a provider says
 * otherwise (a test's transport, which needs no server). An area that opens the shared
 * `FilePickerDialog` deep in its tree need not pass a transport down to it.
 */
export const UploadTransportContext = createContext<UploadTransport>(tusTransport);

/** The transport of the nearest `UploadTransportContext` (tus by default). */
export function useUploadTransport(): UploadTransport {
  return useContext(UploadTransportContext);
}
