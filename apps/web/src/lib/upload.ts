import { ApiError, type ClientErrorCode, parseApiError, type ResponseParser } from './api-client';

/**
 * POSTs one file as multipart/form-data (field `file`) with upload progress, which fetch cannot
 * report. Like api-client it sends the session cookie (same origin only) and reads the server's
 * error envelope into an ApiError; the browser adds Origin and Sec-Fetch-Site, which the server checks.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  options: { parser: ResponseParser<T>; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(parseApiError(xhr.status, body));
        return;
      }
      try {
        resolve(options.parser.parse(body));
      } catch {
        reject(
          new ApiError({
            status: xhr.status,
            code: 'INVALID_RESPONSE' satisfies ClientErrorCode,
            message: `Unexpected response from POST ${path}`,
            isFromServer: false,
          }),
        );
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          code: 'NETWORK_ERROR' satisfies ClientErrorCode,
          message: 'The server could not be reached',
          isFromServer: false,
        }),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
