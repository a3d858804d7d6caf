import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogInput, BlogPage, BlogPost } from '@pricehub/shared/schemas/blog';
import { del, get, post, put } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** One page of the public list (summaries); the page shown stays while the next one loads. */
export const usePublicBlogs = (page: number) =>
  useQuery({
    queryKey: queryKeys.blogs.page(page),
    queryFn: () => get<BlogPage>(`/blogs?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const usePublicBlog = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.blogs.post(id),
    queryFn: () => get<{ blog: BlogPost }>(`/blogs/${id}`),
    enabled: id !== null,
    retry: false,
  });

export const useStoreBlogs = () =>
  useQuery({ queryKey: queryKeys.seller.blogs, queryFn: () => get<{ blogs: BlogPost[] }>('/seller/blogs') });

/** The editor's preview, rendered and sanitized by the server exactly as the published page will be. */
export const useBlogPreview = (content: string) =>
  useQuery({
    queryKey: queryKeys.seller.blogPreview(content),
    queryFn: () => post<{ html: string }>('/seller/blogs/preview', { content }),
    enabled: content.trim().length > 0,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

export function useSaveBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: BlogInput & { id?: number }) =>
      id
        ? put<{ message: string; blog: BlogPost }>(`/seller/blogs/${id}`, input)
        : post<{ message: string; blog: BlogPost }>('/seller/blogs', input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.seller.blogs }),
        client.invalidateQueries({ queryKey: queryKeys.blogs.all }),
      ]),
  });
}

export function useDeleteBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/seller/blogs/${id}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.seller.blogs }),
        client.invalidateQueries({ queryKey: queryKeys.blogs.all }),
      ]),
  });
}
