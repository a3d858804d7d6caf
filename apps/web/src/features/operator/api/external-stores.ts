import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@pricehub/shared/schemas/error';
import type {
  ExternalFormat,
  ExternalStore,
  ExternalStoreCreated,
  ExternalStoreList,
  ExternalStoreRun,
  ExternalStoreRunStarted,
  SourcePreview,
  UpdateExternalStoreInput,
} from '@pricehub/shared/schemas/operator-external-stores';
import { ApiRequestError, del, get, patch, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

const base = '/operator/external-stores';

export const externalStoresQuery = () =>
  queryOptions({ queryKey: queryKeys.operator.externalStores.all, queryFn: () => get<ExternalStoreList>(base) });
export const useExternalStores = () => useQuery(externalStoresQuery());

export const useExternalStoreRuns = (storeId: number) =>
  useQuery({
    queryKey: queryKeys.operator.externalStores.runs(storeId),
    queryFn: () => get<{ items: ExternalStoreRun[] }>(`${base}/${storeId}/runs`),
  });

/** What the operator adds: an address, or a file they picked. */
export type StoreSource = { address: string } | { file: File };

/** Posts a multipart form (an uploaded file); errors come back as ApiRequestError, as `api` gives them. */
async function postForm<T>(path: string, form: FormData): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: 'POST', credentials: 'same-origin', body: form });
  } catch {
    throw new ApiRequestError(0, 'Cannot reach PriceHub. Check your connection and try again.', 'NETWORK');
  }
  const data = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) {
    const error = (data as ApiError | undefined)?.error;
    throw new ApiRequestError(
      res.status,
      error?.message ?? 'Something went wrong',
      error?.code ?? 'HTTP',
      error?.fields,
    );
  }
  return data as T;
}

function uploadForm(file: File, fields: Record<string, string | number | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, String(value));
  form.set('file', file, file.name);
  return form;
}

export const previewSource = (source: StoreSource, format: ExternalFormat) =>
  'file' in source
    ? postForm<SourcePreview>(`${base}/preview`, uploadForm(source.file, { format }))
    : post<SourcePreview>(`${base}/preview`, { source: source.address, format });

export interface NewStore {
  name: string;
  format: ExternalFormat;
  intervalHours: number;
  source: StoreSource;
}

/** Every change to a store is read back into the list and the audit log. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.operator.externalStores.all }),
      client.invalidateQueries({ queryKey: queryKeys.operator.audit.all }),
    ]);
}

export function useCreateExternalStore() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ source, ...fields }: NewStore) =>
      'file' in source
        ? postForm<ExternalStoreCreated & { events: string }>(base, uploadForm(source.file, fields))
        : post<ExternalStoreCreated & { events: string }>(base, { ...fields, source: source.address }),
    onSuccess: invalidate,
  });
}

export function useUpdateExternalStore(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: UpdateExternalStoreInput) => patch<ExternalStore>(`${base}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteExternalStore(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => del<{ message: string }>(`${base}/${id}`),
    onSuccess: invalidate,
  });
}

export function useRefreshExternalStore(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => post<ExternalStoreRunStarted>(`${base}/${id}/refresh`),
    onSuccess: invalidate,
  });
}

/** Read the list and the runs again once a run has finished. */
export function useRunFinished() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.operator.externalStores.all });
}

/** A new file for a store added by upload: read at once in a new run. */
export function useReplaceStoreFile(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => postForm<ExternalStoreRunStarted>(`${base}/${id}/file`, uploadForm(file, {})),
    onSuccess: invalidate,
  });
}
