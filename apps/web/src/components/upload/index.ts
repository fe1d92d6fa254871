export { UploadDropZone, type UploadDropZoneProps } from './upload-drop-zone.tsx';
export { UploadList, type UploadListProps } from './upload-list.tsx';
export {
  FilePickerDialog,
  type FilePickerDialogProps,
  type Picked,
  type PickedFile,
  type PickedUpload,
} from './file-picker-dialog.tsx';
export { UploadTransportContext, useUploadTransport } from './upload-transport.ts';
export {
  useUploadQueue,
  tusTransport,
  uploadIdOf,
  UPLOADS_ENDPOINT,
  type UploadEntry,
  type UploadQueueOptions,
  type UploadStatus,
  type UploadTransport,
} from './upload-queue.ts';
export { droppedFiles, pickedFiles, type DroppedFile } from './dropped-files.ts';
