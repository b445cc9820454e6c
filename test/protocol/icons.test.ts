// Which of a server's icons the page may show (protocol/icons.ts): https: and data: images of four types, each with
// only the documented fields. An icon that could fetch from the console's own origin, run script or claim a type it
// does not hold is dropped; the page then shows the name alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeIcons } from '../../protocol/index.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('safe icons', () => {
  it('should keep data: images of the four types, whatever the case or spacing of their type', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp']) {
      const src = `data:${type};base64,AAAA`;
      assert.deepEqual(safeIcons([{ src }]), [{ src }], type);
    }
    assert.deepEqual(safeIcons([{ src: 'DATA:Image/PNG;base64,AAAA' }]), [{ src: 'DATA:Image/PNG;base64,AAAA' }]);
    // A browser reads the type with the spaces around it trimmed, so a declared type is compared with that.
    const spaced = 'data: image/webp ,AAAA';
    assert.deepEqual(safeIcons([{ src: spaced }]), [{ src: spaced }]);
    assert.deepEqual(safeIcons([{ src: spaced, mimeType: 'image/webp' }]), [{ src: spaced, mimeType: 'image/webp' }]);
  });

  it('should drop data: URLs of other types, and any declared type that is not what the URL holds', () => {
    for (const src of ['data:text/html,<script>alert(1)</script>', 'data:image/gif;base64,R0lG', 'data:,AAAA']) {
      assert.equal(safeIcons([{ src }]), undefined, src);
    }
    assert.equal(safeIcons([{ src: PNG, mimeType: 'image/svg+xml' }]), undefined);
    assert.deepEqual(safeIcons([{ src: PNG, mimeType: ' Image/PNG ' }]), [{ src: PNG, mimeType: 'image/png' }]);
    const upper = 'data:IMAGE/PNG;base64,AAAA';
    assert.deepEqual(safeIcons([{ src: upper, mimeType: 'image/png' }]), [{ src: upper, mimeType: 'image/png' }]);
  });

  it('should keep https: images named or declared as one of the four types', () => {
    for (const [src, type] of [
      ['https://cdn.example/a.png', 'png'],
      ['https://cdn.example/a.JPG', 'jpg'],
      ['https://cdn.example/a.jpeg?v=2', 'jpeg'],
      ['https://cdn.example/icons/a.svg', 'svg'],
      ['https://cdn.example/a.webp#dark', 'webp'],
    ] as const) {
      assert.deepEqual(safeIcons([{ src }]), [{ src }], type);
    }
    // The extension is a hint, the declared type what the page goes by: a server may serve a JPEG under a .png name.
    assert.deepEqual(safeIcons([{ src: 'https://cdn.example/a.png', mimeType: 'image/jpeg' }]), [
      { src: 'https://cdn.example/a.png', mimeType: 'image/jpeg' },
    ]);
    assert.deepEqual(safeIcons([{ src: 'https://cdn.example/icon', mimeType: 'image/webp' }]), [
      { src: 'https://cdn.example/icon', mimeType: 'image/webp' },
    ]);
    // Only a source that starts with data: is a data: URL, not one that mentions it.
    const mentions = 'https://cdn.example/a.png?fallback=data:image/svg+xml';
    assert.deepEqual(safeIcons([{ src: mentions, mimeType: 'image/jpeg' }]), [
      { src: mentions, mimeType: 'image/jpeg' },
    ]);
    const mentionsHtml = 'https://cdn.example/a.png?fallback=data:text/html,x';
    assert.deepEqual(safeIcons([{ src: mentionsHtml }]), [{ src: mentionsHtml }]);
    assert.equal(safeIcons([{ src: 'https://cdn.example/icon?fallback=data:image/png,x' }]), undefined);
    assert.deepEqual(safeIcons([{ src: 'https://cdn.example/a.gif', mimeType: 'image/png' }]), [
      { src: 'https://cdn.example/a.gif', mimeType: 'image/png' },
    ]);
  });

  it('should drop https: images of no known type, and declared types the page does not show', () => {
    for (const icon of [
      { src: 'https://cdn.example/icon' },
      { src: 'https://cdn.example/a.gif' },
      { src: 'https://cdn.example/a.png.exe' },
      { src: 'https://cdn.example/a.png', mimeType: 'image/gif' },
      { src: 'https://cdn.example/a.png', mimeType: 5 },
    ]) {
      assert.equal(safeIcons([icon]), undefined, JSON.stringify(icon));
    }
  });

  it('should drop sources that are not https: or data:', () => {
    for (const src of [
      'http://cdn.example/a.png',
      '/icons/a.png',
      'a.png',
      'javascript:alert(1)//a.png',
      'file:///etc/a.png',
      '',
    ]) {
      assert.equal(safeIcons([{ src, mimeType: 'image/png' }]), undefined, src);
    }
  });

  it('should keep only the documented fields, sizes only as a list of text, a theme only light or dark', () => {
    assert.deepEqual(safeIcons([{ src: PNG, sizes: ['48x48', 'any'], theme: 'dark', onload: 'x' }]), [
      { src: PNG, sizes: ['48x48', 'any'], theme: 'dark' },
    ]);
    assert.deepEqual(safeIcons([{ src: PNG, sizes: [], theme: 'light' }]), [{ src: PNG, sizes: [], theme: 'light' }]);
    assert.deepEqual(safeIcons([{ src: PNG, sizes: ['48x48', 48], theme: 'blue' }]), [{ src: PNG }]);
    assert.deepEqual(safeIcons([{ src: PNG, sizes: '48x48' }]), [{ src: PNG }]);
  });

  it('should skip entries that are not icons and keep the rest in order, and give nothing for no list', () => {
    assert.deepEqual(
      safeIcons([
        null,
        undefined,
        'https://cdn.example/a.png',
        { src: 5 },
        { src: ['https://cdn.example/a.png'] },
        { href: PNG },
        { src: PNG },
        { src: `${PNG}2` },
      ]),
      [{ src: PNG }, { src: `${PNG}2` }],
    );
    for (const value of [undefined, null, { src: PNG }, PNG, []]) {
      assert.equal(safeIcons(value), undefined, JSON.stringify(value));
    }
  });
});
