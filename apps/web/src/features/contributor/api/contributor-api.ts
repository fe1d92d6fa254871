import {
  auditEndpoints,
  importsEndpoints,
  tagsEndpoints,
  templatesEndpoints,
  viewsEndpoints,
  type DeleteTag,
  type EmailTemplate,
  type ExportRecord,
  type ImportJob,
  type MergeTags,
  type NewTemplate,
  type RenameTag,
  type SavedView,
  type TagChange,
  type TagUsage,
  type TemplatePatch,
  type ViewEntity,
} from '@beacon/contract';
import { api, call } from '../../../lib/api.ts';

/** The entities whose saved views may be shared. */
export const sharedViewEntities: readonly ViewEntity[] = ['people', 'companies', 'deals'];

/**
 * The contributor panel's calls: tags across records, e-mail templates and snippets, the views
 * shared with everyone, and the history of imports and exports.
 */
export const contributorApi = api
  .enhanceEndpoints({ addTagTypes: ['Tags', 'Templates', 'SharedViews', 'Transfers'] })
  .injectEndpoints({
    endpoints: (build) => ({
      tagUsage: build.query<TagUsage[], void>({
        query: () => call(tagsEndpoints.list),
        providesTags: ['Tags'],
      }),
      tagRename: build.mutation<TagChange, RenameTag>({
        query: (body) => call(tagsEndpoints.rename, { body }),
        invalidatesTags: ['Tags'],
      }),
      tagMerge: build.mutation<TagChange, MergeTags>({
        query: (body) => call(tagsEndpoints.merge, { body }),
        invalidatesTags: ['Tags'],
      }),
      tagDelete: build.mutation<TagChange, DeleteTag>({
        query: (body) => call(tagsEndpoints.remove, { body }),
        invalidatesTags: ['Tags'],
      }),

      templates: build.query<EmailTemplate[], void>({
        query: () => call(templatesEndpoints.list, { query: {} }),
        providesTags: ['Templates'],
      }),
      templateCreate: build.mutation<EmailTemplate, NewTemplate>({
        query: (body) => call(templatesEndpoints.create, { body }),
        invalidatesTags: ['Templates'],
      }),
      templatePatch: build.mutation<EmailTemplate, { id: string; patch: TemplatePatch }>({
        query: ({ id, patch }) => call(templatesEndpoints.patch, { params: { id }, body: patch }),
        invalidatesTags: ['Templates'],
      }),
      templateDelete: build.mutation<null, string>({
        query: (id) => call(templatesEndpoints.remove, { params: { id } }),
        invalidatesTags: ['Templates'],
      }),

      /** The shared views of every entity (the list answers one's own too: only shared ones stay). */
      sharedViews: build.query<SavedView[], void>({
        async queryFn(_arg, _api, _options, baseQuery) {
          const views: SavedView[] = [];
          for (const entity of sharedViewEntities) {
            const answer = await baseQuery(call(viewsEndpoints.list, { query: { entity } }));
            if (answer.error) return { error: answer.error };
            views.push(...(answer.data as SavedView[]).filter((view) => view.shared));
          }
          return { data: views };
        },
        providesTags: ['SharedViews'],
      }),
      viewUnshare: build.mutation<SavedView, string>({
        query: (id) => call(viewsEndpoints.patch, { params: { id }, body: { shared: false } }),
        invalidatesTags: ['SharedViews'],
      }),
      viewDelete: build.mutation<null, string>({
        query: (id) => call(viewsEndpoints.remove, { params: { id } }),
        invalidatesTags: ['SharedViews'],
      }),

      recentImports: build.query<ImportJob[], void>({
        query: () => call(importsEndpoints.list),
        providesTags: ['Transfers'],
      }),
      recentExports: build.query<ExportRecord[], void>({
        query: () => call(auditEndpoints.exports),
        providesTags: ['Transfers'],
      }),
    }),
  });

export const {
  useTagUsageQuery,
  useTagRenameMutation,
  useTagMergeMutation,
  useTagDeleteMutation,
  useTemplatesQuery,
  useTemplateCreateMutation,
  useTemplatePatchMutation,
  useTemplateDeleteMutation,
  useSharedViewsQuery,
  useViewUnshareMutation,
  useViewDeleteMutation,
  useRecentImportsQuery,
  useRecentExportsQuery,
} = contributorApi;
