import { messages } from '@pricehub/shared/messages';

export interface UploadedImage {
  url: string;
  thumbnailUrl: string;
}

/**
 * Uploads one image as multipart field `file`. XMLHttpRequest rather than fetch because only it reports upload
 * progress, which the form shows as a bar. Rejects with the server's message, or the spec's generic one.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof (body as UploadedImage).url === 'string') {
        onProgress(100);
        resolve(body as UploadedImage);
      } else {
        const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
        reject(new Error(message ? `${messages.product.uploadFailed}: ${message}` : messages.product.uploadFailed));
      }
    };
    xhr.onerror = () => reject(new Error(messages.product.uploadFailed));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
