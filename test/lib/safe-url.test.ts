import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { base64ToBytes, cleanBase64, downloadName, httpUrl, mediaDataUrl } from '../../elements/display/safe-url.js';

describe('safe-url', () => {
  it('should build data URLs only for the right media kind and real base64', () => {
    assert.equal(mediaDataUrl('image', 'image/png', 'iVBO\nRw0K'), 'data:image/png;base64,iVBORw0K');
    assert.equal(mediaDataUrl('image', 'IMAGE/SVG+XML', 'PHN2Zz4='), 'data:image/svg+xml;base64,PHN2Zz4=');
    assert.equal(mediaDataUrl('audio', 'audio/wav', 'UklGRg=='), 'data:audio/wav;base64,UklGRg==');
    assert.equal(mediaDataUrl('image', 'text/html', 'PHN2Zz4='), null);
    assert.equal(mediaDataUrl('image', 'audio/wav', 'UklGRg=='), null);
    assert.equal(mediaDataUrl('image', 'image/png;x="', 'AAAA'), null);
    assert.equal(mediaDataUrl('image', 'image/png', '"><script>'), null);
    assert.equal(mediaDataUrl('image', 'image/png', 'abc'), null);
    assert.equal(mediaDataUrl('image', undefined, 'AAAA'), null);
    assert.equal(cleanBase64(42), null);
  });

  it('should make only http and https links', () => {
    assert.equal(httpUrl('https://example.com/a b'), 'https://example.com/a%20b');
    assert.equal(httpUrl('http://x'), 'http://x/');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>',
      'file:///etc/passwd',
      '/relative',
      'vbscript:x',
      42,
    ]) {
      assert.equal(httpUrl(bad), null, String(bad));
    }
  });

  it('should decode base64 to bytes', () => {
    assert.deepEqual([...base64ToBytes(Buffer.from([0, 255, 7]).toString('base64'))!], [0, 255, 7]);
    assert.equal(base64ToBytes('!!'), null);
  });

  it('should make harmless download names', () => {
    assert.equal(downloadName('file:///tmp/report%20final.pdf?x=1'), 'report_final.pdf');
    assert.equal(downloadName('x://a/..%2F..%2Fetc%2Fpasswd'), '_.._etc_passwd');
    assert.equal(downloadName('mem://'), 'resource');
    assert.equal(downloadName('a/%E0%A4%A'), '_E0_A4_A');
    assert.equal(downloadName(undefined), 'resource');
  });
});
