// A CSP wildcard source (`https://*.example.com`) stands for every host below its domain. Over a public suffix
// (`*.co.uk`, or `*.github.io` where anyone may publish) that is every site anyone registers there: as good as `*`,
// which the sandbox refuses. The Public Suffix List (tldts, its private section included) tells the two apart: a
// wildcard is kept only when the name after `*.` is a registrable domain or below one.
import { getDomain } from 'tldts';

const WITH_PRIVATE_SUFFIXES = { allowPrivateDomains: true };

/** Whether `*.${name}` names the hosts of one registrant (false for a public suffix such as `co.uk`). */
export function isWildcardOfOneRegistrant(name: string): boolean {
  return getDomain(name, WITH_PRIVATE_SUFFIXES) !== null;
}
