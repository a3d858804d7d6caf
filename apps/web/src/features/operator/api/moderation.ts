import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BlogModerationPage,
  ModeratedBlog,
  ModeratedReview,
  ModerationPage,
  ModerationResult,
} from '@pricehub/shared/schemas/operator-moderation';
import { get, post } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

const withParams = (path: string, params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const reviewQueueQuery = (status: 'open' | 'hidden', page: number) =>
  queryOptions({
    queryKey: queryKeys.operator.moderation.reviews(status, page),
    queryFn: () =>
      get<ModerationPage>(withParams('/operator/moderation', { status, page: page > 1 ? page : undefined })),
    placeholderData: keepPreviousData,
  });

export const useReviewQueue = (status: 'open' | 'hidden', page: number) => useQuery(reviewQueueQuery(status, page));

export interface BlogFilter {
  q: string;
  hidden?: 'true' | 'false';
  page: number;
}

export const blogModerationQuery = (filter: BlogFilter) =>
  queryOptions({
    queryKey: queryKeys.operator.moderation.blogs(filter),
    queryFn: () =>
      get<BlogModerationPage>(
        withParams('/operator/moderation/blogs', {
          q: filter.q,
          hidden: filter.hidden,
          page: filter.page > 1 ? filter.page : undefined,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useBlogModeration = (filter: BlogFilter) => useQuery(blogModerationQuery(filter));

export type ReviewAction = 'hide' | 'unhide' | 'dismiss';
export type BlogAction = 'hide' | 'unhide';

/** Hides, unhides or keeps (dismisses the reports of) a review or a post; the lists and the audit log are read again. */
export function useModerationAction<T extends ModeratedReview | ModeratedBlog>(kind: 'reviews' | 'blogs', id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: ReviewAction | BlogAction; reason?: string }) =>
      post<ModerationResult<T>>(`/operator/moderation/${kind}/${id}/${action}`, reason ? { reason } : {}),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.operator.moderation.all }),
        client.invalidateQueries({ queryKey: queryKeys.operator.audit.all }),
      ]);
    },
  });
}
