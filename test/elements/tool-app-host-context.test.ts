// What the page tells a tool UI about itself in `ui/initialize`: what it can do for the app, and the context the app
// draws in (the tool, theme, display mode, the tallest it may be inline, locale and device).
import { expect } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import type { ToolDetail } from '../../elements/api.js';
import { hostCapabilities, hostContext, maxInlineHeight } from '../../elements/tool-app/host-context.js';

const clock: ToolDetail = {
  name: 'clock',
  title: 'Clock',
  description: 'Shows the time',
  inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
  ui: { resourceUri: 'ui://clock/app.html' },
};

describe('host context', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
    await setViewport({ width: 800, height: 600 });
  });

  it('should offer links, tools, resources, logging, messages and context updates, and the sandbox as applied', () => {
    const csp = { connectDomains: ['https://api.example.com'] };
    expect(hostCapabilities({ html: '', csp, permissions: { camera: {} } })).to.deep.equal({
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
      sandbox: { csp, permissions: { camera: {} } },
    });
  });

  it('should describe the tool, the page and the device, with a height limit only inline', async () => {
    await setViewport({ width: 800, height: 600 });
    const inline = hostContext(clock, 'inline');
    expect(inline).to.deep.equal({
      toolInfo: {
        tool: {
          name: 'clock',
          title: 'Clock',
          description: 'Shows the time',
          inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
          _meta: { ui: { resourceUri: 'ui://clock/app.html' } },
        },
      },
      theme: 'light',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen'],
      containerDimensions: { maxHeight: 480 },
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      platform: 'web',
      deviceCapabilities: {
        touch: matchMedia('(pointer: coarse)').matches,
        hover: matchMedia('(hover: hover)').matches,
      },
    });
    const fullscreen = hostContext(clock, 'fullscreen');
    expect(fullscreen.displayMode).to.equal('fullscreen');
    expect(fullscreen).not.to.have.property('containerDimensions');
  });

  it('should follow the browser into the dark', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    expect(hostContext(clock, 'inline').theme).to.equal('dark');
  });

  it('should give the app an object schema and leave out a title or description that is not text', () => {
    const loose = {
      name: 'loose',
      title: 5,
      description: null,
      inputSchema: { type: 'array' },
    } as unknown as ToolDetail;
    expect(hostContext(loose, 'inline').toolInfo!.tool).to.deep.equal({
      name: 'loose',
      inputSchema: { type: 'object' },
      _meta: { ui: undefined },
    });
    const none = { name: 'none', inputSchema: 'any' } as unknown as ToolDetail;
    expect(hostContext(none, 'inline').toolInfo!.tool.inputSchema).to.deep.equal({ type: 'object' });
  });

  it('should let an inline app take most of a tall viewport, and never less than 320 pixels', async () => {
    await setViewport({ width: 800, height: 1000 });
    expect(maxInlineHeight()).to.equal(800);
    await setViewport({ width: 800, height: 301 });
    expect(maxInlineHeight()).to.equal(320);
    await setViewport({ width: 800, height: 501 });
    // 400.8 rounds to the nearest pixel.
    expect(maxInlineHeight()).to.equal(401);
  });
});
