import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogInput, BlogPost } from '@pricehub/shared/schemas/blog';
import { del, get, post, put } from '../../../api/client';

const storeKey = ['seller', 'blogs'] as const;

export const usePublicBlogs = () =>
  useQuery({ queryKey: ['blogs'], queryFn: () => get<{ blogs: BlogPost[] }>('/blogs') });

export const usePublicBlog = (id: number | null) =>
  useQuery({
    queryKey: ['blogs', id],
    queryFn: () => get<{ blog: BlogPost }>(`/blogs/${id}`),
    enabled: id !== null,
    retry: false,
  });

export const useStoreBlogs = () =>
  useQuery({ queryKey: storeKey, queryFn: () => get<{ blogs: BlogPost[] }>('/seller/blogs') });

/** The editor's preview, rendered and sanitized by the server exactly as the published page will be. */
export const useBlogPreview = (content: string) =>
  useQuery({
    queryKey: ['seller', 'blogs', 'preview', content],
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
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: storeKey });
      void client.invalidateQueries({ queryKey: ['blogs'] });
    },
  });
}

export function useDeleteBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del<{ message: string }>(`/seller/blogs/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: storeKey }),
  });
}
