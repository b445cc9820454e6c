// What <tool-console> says before a tool is picked: how many tools the server offers (or that it offers none), its
// instructions only when it gave some, and which server it is in the top bar (name, version, website host).
import { expect } from '@open-wc/testing';
import { $, ADD, backend, cleanPage, ECHO, openConsole, text } from './tool-console.helpers.js';

describe('<tool-console> before a tool is picked', () => {
  cleanPage();

  it('should say a server offers no tools, with no invitation to pick one', async () => {
    backend([]);
    const el = await openConsole();
    expect(text($(el, '.intro h2'))).to.equal('No tools');
    expect(text($(el, '.intro p'))).to.equal('This server does not offer any tools.');
  });

  it('should count one tool as one tool, and more as tools', async () => {
    backend([ECHO]);
    const one = await openConsole();
    expect(text($(one, '.intro h2'))).to.equal('Pick a tool');
    expect(text($(one, '.intro p'))).to.equal(
      'This server offers 1 tool. Choose one on the left to see what it does, fill in its arguments and run it.',
    );
    backend([ECHO, ADD]);
    const two = await openConsole();
    expect(text($(two, '.intro p'))).to.equal(
      'This server offers 2 tools. Choose one on the left to see what it does, fill in its arguments and run it.',
    );
  });

  it('should show no instructions for a server that gave none, or empty ones', async () => {
    backend();
    for (const server of [{ name: 'quiet' }, { name: 'quiet', instructions: '' }]) {
      const el = await openConsole({ server: JSON.stringify(server) });
      expect(text($(el, '.instructions')), JSON.stringify(server)).to.equal(undefined);
      expect(text($(el, '.intro h2'))).to.equal('Pick a tool');
    }
  });

  it("should name the server without a version it did not give, and link its website's host in a new tab", async () => {
    backend();
    const el = await openConsole({
      server: JSON.stringify({ name: 'everything', websiteUrl: 'https://example.com:8443/docs' }),
    });
    expect(text($(el, '[part=server] .version'))).to.equal(undefined);
    expect(text($(el, '[part=server]'))).to.equal('everything · example.com:8443');
    const link = $(el, '[part=server] a')!;
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).to.deep.equal([
      'https://example.com:8443/docs',
      '_blank',
      'noopener noreferrer',
    ]);
  });

  it('should name a server with no website by its name and version alone', async () => {
    backend();
    const el = await openConsole({ server: JSON.stringify({ name: 'everything', version: '1.2.3' }) });
    expect(text($(el, '[part=server]'))).to.equal('everything 1.2.3');
    expect(text($(el, '[part=server] a'))).to.equal(undefined);
  });
});
