// `private_key_jwt` client authentication (RFC 7523, OpenID Connect Core section 9): instead of a secret, each token
// request carries a short-lived JWT the client signs with its private key, which the authorization server checks
// with the public key it registered for the client. The key never leaves the process.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { createPrivateKeyJwtAuth, type AddClientAuthentication } from '@modelcontextprotocol/client';
import { OAuthFlowError } from './provider.js';

/**
 * Signs token requests as `clientId` (the assertion's issuer and subject) with the PEM private key given. Its
 * audience is the authorization server's issuer, or its token endpoint when it has no metadata.
 */
export function clientAssertion(pem: string, clientId: string): AddClientAuthentication {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    // Node's decoder errors do not quote the key's text.
    throw new OAuthFlowError(`the client assertion key is not a PEM private key (${(error as Error).message})`);
  }
  // First, so a key of another type is refused with why, not with the JWK export's own error.
  const alg = algorithmOf(key);
  return createPrivateKeyJwtAuth({
    issuer: clientId,
    subject: clientId,
    // As a JWK, jose imports any key type (PKCS#1, SEC1 and PKCS#8 files alike, Ed25519 too).
    privateKey: key.export({ format: 'jwk' }) as Record<string, unknown>,
    alg,
  });
}

/** The JWS algorithm a key signs with: the usual one for its type and curve. */
function algorithmOf(key: KeyObject): string {
  // Node gives every asymmetric key its details (an empty object when there are none).
  const curve = key.asymmetricKeyDetails!.namedCurve;
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return 'RS256';
    case 'ed25519':
      return 'EdDSA';
    case 'ec': {
      const algorithm = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' }[curve ?? ''];
      if (algorithm) return algorithm;
    }
  }
  throw new OAuthFlowError(
    `the client assertion key is a ${key.asymmetricKeyType}${curve ? ` ${curve}` : ''} key; ` +
      'tool-console signs with RSA, EC (P-256, P-384, P-521) or Ed25519 keys',
  );
}
