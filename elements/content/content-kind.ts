// Which renderer shows a resource's contents, from its MIME type (and, when the server gives none, the URI's file
// extension). HTML is `source`: shown as text, never rendered on the console's origin.

export type ContentKind = 'json' | 'markdown' | 'csv' | 'source' | 'text' | 'image' | 'audio' | 'binary';

const EXTENSIONS: Record<string, string> = {
  json: 'application/json',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
};

/** The MIME type without parameters, lower-cased; from the URI's extension when there is none. */
export function essence(mimeType: unknown, uri?: unknown): string {
  const declared = typeof mimeType === 'string' ? mimeType.split(';')[0].trim().toLowerCase() : '';
  if (declared) return declared;
  const extension = typeof uri === 'string' ? /\.([a-z0-9]+)$/i.exec(uri.split(/[?#]/)[0])?.[1] : undefined;
  return (extension && EXTENSIONS[extension.toLowerCase()]) || '';
}

/** How to show contents of this type; `hasText` tells whether they came as text rather than base64. */
export function contentKind(mimeType: unknown, uri: unknown, hasText: boolean): ContentKind {
  const type = essence(mimeType, uri);
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'text/csv') return 'csv';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'source';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (hasText || type.startsWith('text/') || type.endsWith('+xml') || type === 'application/xml') return 'text';
  return 'binary';
}
