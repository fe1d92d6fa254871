import { z } from './z.ts';
import { id, instant } from './fields.ts';
import { endpoint } from './endpoint.ts';
import { FILE_LINK_PASSWORD_MAX, FILE_NAME_MAX } from './values.ts';

export { FILE_LINK_PASSWORD_MAX, FILE_NAME_MAX };

// The files manager and the storage dashboard (issue 11; docs/decisions/054-files-manager.md).
// Folders and files are one kind of row, an item, so a folder lists its folders and files as one
// keyset page. The bytes of a file are a stored file of the storage layer
// (apps/server/src/lib/storage/); an item points at one.

/** What a file is, from the type detected in its bytes; folders are `folder`. */
export const fileKinds = [
  'folder',
  'image',
  'pdf',
  'document',
  'spreadsheet',
  'presentation',
  'audio',
  'video',
  'archive',
  'text',
  'other',
] as const;
export const fileKindSchema = z.enum(fileKinds);
export type FileKind = z.infer<typeof fileKindSchema>;

/** `workspace`: every member reads it; `private`: its owner and those it is shared with. */
export const fileVisibilities = ['workspace', 'private'] as const;
export const fileVisibilitySchema = z.enum(fileVisibilities);
export type FileVisibility = z.infer<typeof fileVisibilitySchema>;

export const fileShareAccesses = ['view', 'edit'] as const;
export const fileShareAccessSchema = z.enum(fileShareAccesses);
export type FileShareAccess = z.infer<typeof fileShareAccessSchema>;

export const fileSorts = ['name', 'size', 'type', 'date'] as const;
export const fileSortSchema = z.enum(fileSorts);
export type FileSort = z.infer<typeof fileSortSchema>;

/**
 * Which items a list shows: a folder's (`folder`, the root without `folderId`), the caller's
 * starred ones, those shared with the caller, the most recent files, or the trash.
 */
export const fileViews = ['folder', 'starred', 'shared', 'recent', 'trash'] as const;
export const fileViewSchema = z.enum(fileViews);
export type FileView = z.infer<typeof fileViewSchema>;

export const FILES_PAGE_SIZE = 50;
export const FILES_PAGE_MAX = 200;
/** Items in the trash longer than this are removed for good by a job. */
export const FILES_TRASH_DAYS = 30;
/** How long a public link may be made to last. */
export const FILE_LINK_MAX_DAYS = 365;
/** A plain (not resumable) upload's limit; larger files go through tus (`/api/uploads`). */
export const FILES_PLAIN_UPLOAD_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A name as typed: any characters but NUL (which PostgreSQL's text cannot hold, so it is kept as
 * U+2400 `␀`), `/`, `..` and right-to-left overrides included; shown as typed, never used as a
 * path.
 */
export const fileNameField = z
  .string()
  .transform((value) => value.replaceAll(String.fromCharCode(0), '\u2400'))
  .pipe(
    z
      .string()
      .min(1, { message: 'Give a name' })
      .max(FILE_NAME_MAX, { message: `At most ${FILE_NAME_MAX} characters` })
      .refine((value) => value.trim().length > 0, { message: 'Give a name' }),
  );

export const fileItemSchema = z
  .object({
    id: z.string(),
    /** The folder it is in; null at the root. */
    folderId: z.string().nullable(),
    isFolder: z.boolean(),
    name: z.string(),
    kind: fileKindSchema,
    /** The type detected from the bytes (`inode/directory` for a folder). */
    mimeType: z.string(),
    /** A file's bytes; a folder's is the sum of the files in it, at any depth. */
    size: z.number().int(),
    visibility: fileVisibilitySchema,
    ownerId: z.string().nullable(),
    ownerName: z.string(),
    starred: z.boolean(),
    /** The caller may rename, move, trash it and upload into it. */
    canEdit: z.boolean(),
    /** The caller may share it and make public links to it. */
    canShare: z.boolean(),
    trashedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /**
     * The small thumbnail's address (`/api/storage/files/:fileId/preview?size=small`) for an image
     * or a PDF; it answers 404 until the background job has made it. Null for other files and
     * folders.
     */
    previewUrl: z.string().nullable(),
  })
  .meta({ id: 'FileItem' });
export type FileItem = z.infer<typeof fileItemSchema>;

export const fileCrumbSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: 'FileCrumb' });
export type FileCrumb = z.infer<typeof fileCrumbSchema>;

export const filePageSchema = z
  .object({
    items: z.array(fileItemSchema),
    nextCursor: z.string().nullable(),
    /**
     * The folder listed (null at the root and in the other views), with its path from the root;
     * its `size` is 0 here (its details and its parent's page give it).
     */
    folder: fileItemSchema.nullable(),
    path: z.array(fileCrumbSchema),
  })
  .meta({ id: 'FilePage' });
export type FilePage = z.infer<typeof filePageSchema>;

export const filesQuerySchema = z.object({
  view: fileViewSchema.default('folder'),
  folderId: id('folder').optional(),
  /** Part of a name: searches every folder (or the folder's subtree when `folderId` is given). */
  q: z.string().trim().max(200).optional(),
  kind: fileKindSchema.optional(),
  sort: fileSortSchema.default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(FILES_PAGE_MAX).default(FILES_PAGE_SIZE),
});
export type FilesQuery = z.input<typeof filesQuerySchema>;
export type FilesListQuery = z.output<typeof filesQuerySchema>;

export const newFileFolderSchema = z
  .object({
    parentId: id('folder').nullable().default(null),
    name: fileNameField,
    /** Inside a private folder an item is private to the folder's owner whatever is asked. */
    visibility: fileVisibilitySchema.default('workspace'),
  })
  .meta({ id: 'NewFileFolder' });
export type NewFileFolder = z.input<typeof newFileFolderSchema>;

export const fileUploadQuerySchema = z.object({
  folderId: id('folder').optional(),
  name: fileNameField,
  visibility: fileVisibilitySchema.default('workspace'),
});

export const fileFromUploadSchema = z
  .object({
    /** A finished resumable upload of `/api/uploads` (its stored file's id). */
    uploadId: z.string().min(1).max(200),
    folderId: id('folder').nullable().default(null),
    /** The name to show; the upload's own name when left out. */
    name: fileNameField.optional(),
    visibility: fileVisibilitySchema.default('workspace'),
  })
  .meta({ id: 'FileFromUpload' });
export type FileFromUpload = z.input<typeof fileFromUploadSchema>;

export const fileChangeSchema = z
  .object({
    name: fileNameField.optional(),
    visibility: fileVisibilitySchema.optional(),
  })
  .meta({ id: 'FileChange' });
export type FileChange = z.input<typeof fileChangeSchema>;

export const fileMoveSchema = z
  .object({ folderId: id('folder').nullable() })
  .meta({ id: 'FileMove' });
export type FileMove = z.input<typeof fileMoveSchema>;

export const fileStarSchema = z.object({ starred: z.boolean() }).meta({ id: 'FileStar' });

export const fileIdParams = z.object({ id: id('file') });
export const fileShareParams = z.object({ id: id('file'), userId: id('member') });
export const fileLinkParams = z.object({ linkId: id('link') });

export const fileShareSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    access: fileShareAccessSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'FileShare' });
export type FileShare = z.infer<typeof fileShareSchema>;

export const fileSharesSchema = z
  .object({ shares: z.array(fileShareSchema) })
  .meta({ id: 'FileShares' });

export const newFileShareSchema = z
  .object({ userId: id('member'), access: fileShareAccessSchema.default('view') })
  .meta({ id: 'NewFileShare' });
export type NewFileShare = z.input<typeof newFileShareSchema>;

export const fileLinkSchema = z
  .object({
    id: z.string(),
    itemId: z.string(),
    /** Null when never; after it the link answers 404. */
    expiresAt: z.string().nullable(),
    hasPassword: z.boolean(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    /** The link's secret path: given in full only when the link is made. */
    url: z.string().nullable(),
  })
  .meta({ id: 'FileLink' });
export type FileLink = z.infer<typeof fileLinkSchema>;

export const fileLinksSchema = z
  .object({ links: z.array(fileLinkSchema) })
  .meta({ id: 'FileLinks' });

export const newFileLinkSchema = z
  .object({
    expiresAt: instant.nullable().default(null),
    /** Empty or left out: no password. */
    password: z.string().max(FILE_LINK_PASSWORD_MAX).default(''),
  })
  .meta({ id: 'NewFileLink' });
export type NewFileLink = z.input<typeof newFileLinkSchema>;

/**
 * The kinds of places outside the files manager that may hold the same bytes as a file: a kanban
 * card's attachment, a chat message's, a mail message's (an attachment, or the whole message), a
 * member's avatar or cover, the workspace's logo.
 */
export const fileUseKinds = [
  'kanban_card',
  'chat_conversation',
  'mail_message',
  'avatar',
  'cover',
  'logo',
] as const;
export const fileUseKindSchema = z.enum(fileUseKinds);
export type FileUseKind = z.infer<typeof fileUseKindSchema>;

/**
 * One place of the workspace holding the same bytes (the same SHA-256) as a file, that the caller
 * may see (docs/decisions/065-files-where-used.md). The web words it by `kind` and links it to its
 * screen by the ids.
 */
export const fileUseSchema = z
  .object({
    kind: fileUseKindSchema,
    /**
     * The record the place is: the card, the conversation, the mail message, the member (avatar,
     * cover) or the workspace (logo).
     */
    recordId: z.string(),
    /** The mail message's mailbox (to open the message there); null for other kinds. */
    mailboxId: z.string().nullable(),
    /**
     * What the place is called: the card's name, the conversation's name (a direct one: the other
     * member's), the mail's subject, the member's name, the workspace's name. May be empty.
     */
    title: z.string(),
    /** The name the bytes carry there (an attachment's name). */
    fileName: z.string(),
    /** When the bytes were put there. */
    createdAt: z.string(),
  })
  .meta({ id: 'FileUse' });
export type FileUse = z.infer<typeof fileUseSchema>;

/** The most places a file's details list (the most recent first). */
export const FILE_USES_MAX = 50;

export const fileDetailsSchema = z
  .object({
    item: fileItemSchema,
    /** Where it is: the folders from the root to it. */
    path: z.array(fileCrumbSchema),
    createdBy: z.string().nullable(),
    createdByName: z.string(),
    /** A folder's count of files and folders inside, at any depth. */
    contains: z.object({ files: z.number().int(), folders: z.number().int() }),
    /** Other items holding the same bytes (copies), with their folders' paths. */
    copies: z.array(z.object({ id: z.string(), name: z.string(), folderPath: z.string() })),
    /**
     * Where else in the workspace the same bytes are: other areas' records the caller may see
     * (never another workspace's, never a conversation they are not in nor a mailbox they do not
     * read). Empty for a folder.
     */
    usedIn: z.array(fileUseSchema),
    shares: z.array(fileShareSchema),
    links: z.number().int(),
    /** A file's SHA-256 as the storage computed it. */
    sha256: z.string().nullable(),
  })
  .meta({ id: 'FileDetails' });
export type FileDetails = z.infer<typeof fileDetailsSchema>;

export const fileContentQuerySchema = z.object({
  /** `inline` to preview (only safe types are served inline; others download anyway). */
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});

/** How long a stream address (`streamUrl`) opens its file: long enough to watch a long video. */
export const FILE_STREAM_SECONDS = 4 * 60 * 60;

export const fileStreamSchema = z
  .object({
    /**
     * The file's bytes without a header (`/api/files/:id/stream?token=…`), for `<audio>` and
     * `<video>`, which cannot send the bearer header: a signed token for this member and this
     * file in the query, read with ranges, until `expiresAt`.
     */
    url: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'FileStream' });
export type FileStream = z.infer<typeof fileStreamSchema>;
export const fileStreamQuerySchema = z.object({ token: z.string().min(10).max(300) });

export const emptiedTrashSchema = z
  .object({ removed: z.number().int() })
  .meta({ id: 'EmptiedTrash' });

export const fileUsageSchema = z
  .object({
    usedBytes: z.number().int(),
    /** The workspace's quota in bytes; null when there is none. */
    quotaBytes: z.number().int().nullable(),
    fileCount: z.number().int(),
    folderCount: z.number().int(),
    trashBytes: z.number().int(),
    byKind: z.array(
      z.object({ kind: fileKindSchema, bytes: z.number().int(), files: z.number().int() }),
    ),
    byMember: z.array(
      z.object({
        userId: z.string().nullable(),
        name: z.string(),
        bytes: z.number().int(),
        files: z.number().int(),
      }),
    ),
    recent: z.array(fileItemSchema),
    folders: z.array(fileItemSchema),
  })
  .meta({ id: 'FileUsage' });
export type FileUsage = z.infer<typeof fileUsageSchema>;

export const publicFileParams = z.object({ token: z.string().min(10).max(200) });
export const publicFileQuerySchema = z.object({
  /** The grant an unlock answered, for a link with a password. */
  grant: z.string().max(500).optional(),
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});
export const publicFileSchema = z
  .object({
    passwordRequired: z.boolean(),
    /** Null until the password is given. */
    name: z.string().nullable(),
    isFolder: z.boolean(),
    kind: fileKindSchema.nullable(),
    mimeType: z.string().nullable(),
    size: z.number().int().nullable(),
    expiresAt: z.string().nullable(),
    /** A folder's files, as names and sizes (downloaded together as a zip). */
    entries: z.array(z.object({ path: z.string(), size: z.number().int() })),
  })
  .meta({ id: 'PublicFile' });
export type PublicFile = z.infer<typeof publicFileSchema>;
export const publicFileUnlockSchema = z
  .object({ password: z.string().max(FILE_LINK_PASSWORD_MAX) })
  .meta({ id: 'PublicFileUnlock' });
export const publicFileGrantSchema = z
  .object({ grant: z.string() })
  .meta({ id: 'PublicFileGrant' });

const item = z.object({ item: fileItemSchema }).meta({ id: 'FileItemAnswer' });
export const fileItemAnswerSchema = item;

export const filesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/files',
    summary:
      "A folder's items, a view (starred, shared, recent, trash) or a search, one keyset page",
    query: filesQuerySchema,
    response: filePageSchema,
  }),
  usage: endpoint({
    method: 'GET',
    path: '/api/files/usage',
    summary: 'The storage dashboard: usage by type and by member, the quota, recent files, folders',
    response: fileUsageSchema,
  }),
  newFolder: endpoint({
    method: 'POST',
    path: '/api/files/folders',
    summary: 'Makes a folder',
    body: newFileFolderSchema,
    status: 201,
    response: item,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/files/upload',
    summary: 'Uploads a small file into a folder; the body is the file (application/octet-stream)',
    query: fileUploadQuerySchema,
    status: 201,
    response: item,
    errors: [413, 415],
  }),
  fromUpload: endpoint({
    method: 'POST',
    path: '/api/files/from-upload',
    summary: 'Puts a finished resumable upload (/api/uploads) into a folder',
    body: fileFromUploadSchema,
    status: 201,
    response: item,
    errors: [413, 415],
  }),
  emptyTrash: endpoint({
    method: 'POST',
    path: '/api/files/trash/empty',
    summary: 'Removes for good every item of the trash the caller may remove',
    status: 200,
    response: emptiedTrashSchema,
  }),
  details: endpoint({
    method: 'GET',
    path: '/api/files/:id',
    summary: "An item's details: size, type, who, when, where, copies, where used, shares",
    params: fileIdParams,
    response: fileDetailsSchema,
  }),
  change: endpoint({
    method: 'PATCH',
    path: '/api/files/:id',
    summary: 'Renames an item or changes who sees it',
    params: fileIdParams,
    body: fileChangeSchema,
    response: item,
  }),
  move: endpoint({
    method: 'POST',
    path: '/api/files/:id/move',
    summary: 'Moves an item into a folder (null: the root)',
    params: fileIdParams,
    body: fileMoveSchema,
    response: item,
    errors: [409],
  }),
  copy: endpoint({
    method: 'POST',
    path: '/api/files/:id/copy',
    summary: 'Copies an item (a folder with everything in it) into a folder',
    params: fileIdParams,
    body: fileMoveSchema,
    status: 201,
    response: item,
  }),
  star: endpoint({
    method: 'POST',
    path: '/api/files/:id/star',
    summary: 'Stars an item for the caller, or takes the star off',
    params: fileIdParams,
    body: fileStarSchema,
    response: item,
  }),
  trash: endpoint({
    method: 'POST',
    path: '/api/files/:id/trash',
    summary: 'Moves an item (and what is in it) to the trash',
    params: fileIdParams,
    response: item,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/files/:id/restore',
    summary: 'Brings an item back from the trash (to the root if its folder is gone)',
    params: fileIdParams,
    response: item,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/files/:id',
    summary: 'Removes an item of the trash for good, with its bytes',
    params: fileIdParams,
    status: 204,
    response: null,
    errors: [409],
  }),
  content: endpoint({
    method: 'GET',
    path: '/api/files/:id/content',
    summary: "A file's bytes (ranges and ETag), or a folder as a zip",
    params: fileIdParams,
    query: fileContentQuerySchema,
    response: null,
  }),
  streamUrl: endpoint({
    method: 'GET',
    path: '/api/files/:id/stream-url',
    summary:
      "A short-lived address of a file's bytes for a media player (ranges; no header needed)",
    params: fileIdParams,
    response: fileStreamSchema,
  }),
  stream: endpoint({
    method: 'GET',
    path: '/api/files/:id/stream',
    summary: "A file's bytes by a stream address's token, inline, with ranges",
    params: fileIdParams,
    query: fileStreamQuerySchema,
    response: null,
  }),
  shares: endpoint({
    method: 'GET',
    path: '/api/files/:id/shares',
    summary: 'The members an item is shared with',
    params: fileIdParams,
    response: fileSharesSchema,
  }),
  share: endpoint({
    method: 'POST',
    path: '/api/files/:id/shares',
    summary: 'Shares an item with a member (view or edit), or changes the access',
    params: fileIdParams,
    body: newFileShareSchema,
    response: fileSharesSchema,
  }),
  unshare: endpoint({
    method: 'DELETE',
    path: '/api/files/:id/shares/:userId',
    summary: 'Stops sharing an item with a member',
    params: fileShareParams,
    status: 204,
    response: null,
  }),
  links: endpoint({
    method: 'GET',
    path: '/api/files/:id/links',
    summary: 'The public links of an item',
    params: fileIdParams,
    response: fileLinksSchema,
  }),
  newLink: endpoint({
    method: 'POST',
    path: '/api/files/:id/links',
    summary: 'Makes a public link to an item, with an expiry and an optional password',
    params: fileIdParams,
    body: newFileLinkSchema,
    status: 201,
    response: z.object({ link: fileLinkSchema }).meta({ id: 'FileLinkAnswer' }),
  }),
  revokeLink: endpoint({
    method: 'DELETE',
    path: '/api/files/links/:linkId',
    summary: 'Revokes a public link',
    params: fileLinkParams,
    status: 204,
    response: null,
  }),
  publicInfo: endpoint({
    method: 'GET',
    path: '/api/public/files/:token',
    summary: 'What a public link opens (the name once the password is given)',
    params: publicFileParams,
    query: publicFileQuerySchema,
    response: publicFileSchema,
  }),
  publicUnlock: endpoint({
    method: 'POST',
    path: '/api/public/files/:token/unlock',
    summary: "Checks a public link's password; answers a grant for an hour",
    params: publicFileParams,
    body: publicFileUnlockSchema,
    response: publicFileGrantSchema,
    errors: [429],
  }),
  publicContent: endpoint({
    method: 'GET',
    path: '/api/public/files/:token/content',
    summary: "A public link's file (or folder as a zip)",
    params: publicFileParams,
    query: publicFileQuerySchema,
    response: null,
  }),
} as const;

const documentTypes = new Set([
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'application/epub+zip',
]);
const spreadsheetTypes = new Set([
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv',
  'text/tab-separated-values',
]);
const presentationTypes = new Set([
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.presentation',
]);
const archiveTypes = new Set([
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
]);

/** What a file is, from the type detected in its bytes (the server stores it as `kind`). */
export function fileKindOf(mimeType: string): Exclude<FileKind, 'folder'> {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (spreadsheetTypes.has(type)) return 'spreadsheet';
  if (documentTypes.has(type)) return 'document';
  if (presentationTypes.has(type)) return 'presentation';
  if (archiveTypes.has(type)) return 'archive';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('text/') || type === 'application/json' || type === 'application/xml') {
    return 'text';
  }
  return 'other';
}
