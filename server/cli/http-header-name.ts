// An HTTP header name is a "token" (RFC 9110): what --header and a config file's `headers` may name.
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
