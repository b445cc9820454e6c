// `Vary` collects the request headers an answer depends on, named in more than one place (compression, CORS).

/** `existing` (a Vary header value, if any) with `name` added once. */
export function addVary(existing: unknown, name: string): string {
  if (typeof existing !== 'string' || existing === '') return name;
  const names = existing.split(',').map((item) => item.trim().toLowerCase());
  return names.includes(name.toLowerCase()) || names.includes('*') ? existing : `${existing}, ${name}`;
}
