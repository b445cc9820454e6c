// A tool UI's resource as the page reads it: the app's HTML, the CSP domains the signed policy applies, the four
// permissions the spec names, and the sandbox proxy's address. What the server sent is untrusted: every odd shape is
// dropped, and a resource that is not an app says why.
import { expect } from '@open-wc/testing';
import {
  allowAttribute,
  appCsp,
  appPermissions,
  appResource,
  sandboxUrl,
} from '../../elements/tool-app/app-resource.js';
import { APP_MIME_TYPE } from '../../protocol/index.js';

/** A policy token as the console signs it: the applied declaration as unpadded base64url JSON, then a signature. */
const signed = (applied: unknown) =>
  btoa(JSON.stringify(applied)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') + '.sig';

describe('appCsp', () => {
  it('should read the domains of a base64url policy, whatever padding it lost', () => {
    // Both URLs encode to base64 with "+" and "/" (so "-" and "_" here), one losing one "=", the other two.
    for (const domain of ['https://a.example/~~~???', 'https://ab.example/???~~~~']) {
      const policy = signed({ connectDomains: [domain] });
      expect(policy).to.match(/-/).and.to.match(/_/);
      expect(appCsp(policy)).to.deep.equal({ connectDomains: [domain] });
    }
  });

  it('should keep only the four lists of strings the spec names, and none that is empty', () => {
    const policy = signed({
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://cdn.example.com', 5],
      frameDomains: [],
      baseUriDomains: 'https://base.example.com',
      scriptDomains: ['https://other.example.com'],
    });
    expect(appCsp(policy)).to.deep.equal({ connectDomains: ['https://api.example.com'] });
    const all = signed({
      connectDomains: ['https://a.example'],
      resourceDomains: ['https://b.example'],
      frameDomains: ['https://c.example'],
      baseUriDomains: ['https://d.example'],
    });
    expect(Object.keys(appCsp(all))).to.deep.equal([
      'connectDomains',
      'resourceDomains',
      'frameDomains',
      'baseUriDomains',
    ]);
  });

  it('should apply none without a policy, or with one that is not base64 JSON of an object', () => {
    expect(appCsp(undefined)).to.deep.equal({});
    expect(appCsp('')).to.deep.equal({});
    expect(appCsp('.sig')).to.deep.equal({});
    expect(appCsp('@@@@.sig')).to.deep.equal({});
    expect(appCsp(btoa('not json') + '.sig')).to.deep.equal({});
    expect(appCsp(signed(['https://a.example']))).to.deep.equal({});
    expect(appCsp(signed(null))).to.deep.equal({});
  });
});

describe('appPermissions', () => {
  it('should keep only the declared camera, microphone, geolocation and clipboardWrite', () => {
    expect(
      appPermissions({ camera: {}, microphone: true, geolocation: {}, clipboardWrite: {}, bluetooth: {} }),
    ).to.deep.equal({ camera: {}, geolocation: {}, clipboardWrite: {} });
    expect(appPermissions({ microphone: {} })).to.deep.equal({ microphone: {} });
    expect(appPermissions(['camera'])).to.deep.equal({});
    expect(appPermissions(undefined)).to.deep.equal({});
  });

  it('should allow the frame only what the app declared', () => {
    expect(allowAttribute({})).to.equal('');
    expect(allowAttribute({ camera: {}, clipboardWrite: {} }))
      .to.contain('camera')
      .and.to.contain('clipboard-write');
  });
});

describe('appResource', () => {
  const URI = 'ui://clock/app.html';
  const app = (fields: Record<string, unknown>) => ({
    uri: URI,
    mimeType: APP_MIME_TYPE,
    text: '<p>app</p>',
    ...fields,
  });

  it('should take the contents of its URI, or the first, with the signed policy and the declared permissions', () => {
    const policy = signed({ connectDomains: ['https://api.example.com'] });
    const result = {
      contents: [
        app({ uri: 'ui://other', text: '<p>other</p>' }),
        app({ _meta: { ui: { permissions: { camera: {} } }, 'tool-console/sandbox-policy': policy } }),
      ],
    };
    expect(appResource(result, URI)).to.deep.equal({
      html: '<p>app</p>',
      csp: { connectDomains: ['https://api.example.com'] },
      permissions: { camera: {} },
      policy,
    });
    expect(appResource({ contents: [app({ uri: 'ui://elsewhere' })] }, URI).html).to.equal('<p>app</p>');
    expect(appResource({ contents: [null, app({})] } as never, URI).html).to.equal('<p>app</p>');
  });

  it('should read base64 contents, and a type written with other spacing or case', () => {
    const resource = appResource(
      {
        contents: [app({ text: undefined, blob: btoa('<p>from bytes</p>'), mimeType: ' Text/HTML; Profile=MCP-App ' })],
      },
      URI,
    );
    expect(resource.html).to.equal('<p>from bytes</p>');
  });

  it('should give no policy, CSP or permissions for metadata of the wrong shape', () => {
    for (const _meta of [undefined, 'meta', { ui: 'ui', 'tool-console/sandbox-policy': 5 }]) {
      expect(appResource({ contents: [app({ _meta })] }, URI)).to.deep.equal({
        html: '<p>app</p>',
        csp: {},
        permissions: {},
        policy: undefined,
      });
    }
  });

  it('should say what is wrong with a resource that is not an app', () => {
    expect(() => appResource({ contents: [] }, URI)).to.throw(`The server sent no contents for ${URI}.`);
    expect(() => appResource({ contents: [app({ mimeType: 'text/html' })] }, URI)).to.throw(
      `${URI} is not an MCP App: its type is text/html, not ${APP_MIME_TYPE}.`,
    );
    expect(() => appResource({ contents: [app({ mimeType: 5 })] }, URI)).to.throw(
      `${URI} is not an MCP App: its type is not given, not ${APP_MIME_TYPE}.`,
    );
    expect(() => appResource({ contents: [app({ text: undefined, blob: 'not base64!' })] }, URI)).to.throw(
      `${URI} has no HTML: neither text nor base64 contents.`,
    );
  });
});

describe('sandboxUrl', () => {
  it("should be the sandbox page's absolute address with the signed policy, or without one", () => {
    expect(sandboxUrl('/sandbox.html', 'token.sig')).to.equal(`${location.origin}/sandbox.html?policy=token.sig`);
    expect(sandboxUrl('https://sandbox.example/proxy.html', undefined)).to.equal('https://sandbox.example/proxy.html');
    expect(sandboxUrl('https://sandbox.example/proxy.html', '')).to.equal('https://sandbox.example/proxy.html?policy=');
  });
});
