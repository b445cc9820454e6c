// `private_key_jwt` client assertions as the authorization server receives them: signed with the algorithm each key
// type takes, checked with node:crypto by the fixture's verifier, issued by and about the client; and keys that cannot
// sign refused up front with a message that says why and never quotes the key.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { clientAssertion } from '../../server/mcp/oauth/client-assertion.js';
import { assertionProblem, JWT_BEARER } from '../fixtures/oauth/oauth-setup.js';

const issuer = 'https://as.example';
const tokenEndpoint = `${issuer}/token`;

function keyPair(type: string, options: Record<string, unknown>, pkcs = 'pkcs8') {
  const pair = generateKeyPairSync(type as 'ec', options as { namedCurve: string });
  return { pem: pair.privateKey.export({ format: 'pem', type: pkcs as 'pkcs8' }) as string, pair };
}

async function signed(pem: string, clientId: string) {
  const params = new URLSearchParams();
  await clientAssertion(pem, clientId)(new Headers(), params, tokenEndpoint, {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: tokenEndpoint,
    response_types_supported: ['code'],
  });
  return params;
}

const header = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString());

describe('client assertions', () => {
  for (const [type, options, alg, pkcs] of [
    ['rsa', { modulusLength: 2048 }, 'RS256', 'pkcs1'],
    ['ec', { namedCurve: 'prime256v1' }, 'ES256', 'sec1'],
    ['ec', { namedCurve: 'secp384r1' }, 'ES384', 'pkcs8'],
    ['ed25519', {}, 'EdDSA', 'pkcs8'],
  ] as const) {
    it(`signs with ${alg} for a ${type} ${pkcs} key, as the client, for the authorization server`, async () => {
      const { pem, pair } = keyPair(type, options, pkcs);
      const params = await signed(pem, 'client-7');
      assert.equal(params.get('client_assertion_type'), JWT_BEARER);
      const jwt = params.get('client_assertion')!;
      assert.equal(header(jwt).alg, alg);
      assert.equal(assertionProblem(jwt, 'client-7', pair.publicKey, [issuer]), undefined);
    });
  }

  it('signs with ES512 for a P-521 key', async () => {
    const { pem } = keyPair('ec', { namedCurve: 'secp521r1' });
    assert.equal(header((await signed(pem, 'client-7')).get('client_assertion')!).alg, 'ES512');
  });

  for (const [type, options, said] of [
    ['ec', { namedCurve: 'secp256k1' }, 'a ec secp256k1 key'],
    ['x25519', {}, 'a x25519 key'],
    ['rsa-pss', { modulusLength: 2048 }, 'a rsa-pss key'],
  ] as const) {
    it(`refuses ${said}, naming what it signs with`, () => {
      const { pem } = keyPair(type, options);
      assert.throws(() => clientAssertion(pem, 'client-7'), {
        name: 'OAuthFlowError',
        message: `the client assertion key is ${said}; tool-console signs with RSA, EC (P-256, P-384, P-521) or Ed25519 keys`,
      });
    });
  }

  it('refuses a text that is not a PEM private key without quoting it', () => {
    const text = 'my-client-secret-not-a-key';
    assert.throws(
      () => clientAssertion(text, 'client-7'),
      (error: Error) =>
        error.name === 'OAuthFlowError' &&
        error.message.startsWith('the client assertion key is not a PEM private key (') &&
        error.message.endsWith(')') &&
        !error.message.includes(text),
    );
  });
});
