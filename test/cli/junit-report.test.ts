// The JUnit XML `tool-console run --junit` writes, as CI systems read it: the exact document for a passed, a failed
// and a stopped call, and text from a server that can neither break nor inject into it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { junitReport, xml } from '../../server/cli/commands/junit-report.js';
import { parseJunit } from './junit-xml.js';

const at = new Date('2026-01-02T03:04:05.678Z');

describe('junitReport', () => {
  it('writes one suite with a testcase per call, failures and errors counted apart', () => {
    const report = junitReport(
      'calls.json',
      [
        { name: 'adds', seconds: 0.0125 },
        {
          name: 'echoes',
          seconds: 1.5,
          problem: { kind: 'failure', type: 'expectation', message: 'differs', details: 'got 4' },
        },
        {
          name: 'starts',
          seconds: 2,
          problem: { kind: 'error', type: 'connect', message: 'no server', details: 'ENOENT' },
        },
      ],
      3.25,
      at,
    );
    assert.equal(
      report,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="tool-console" tests="3" failures="1" errors="1" time="3.250">',
        '  <testsuite name="calls.json" tests="3" failures="1" errors="1" skipped="0" time="3.250" timestamp="2026-01-02T03:04:05.678Z">',
        '    <testcase name="adds" classname="calls.json" time="0.013"/>',
        '    <testcase name="echoes" classname="calls.json" time="1.500">',
        '      <failure message="differs" type="expectation">got 4</failure>',
        '    </testcase>',
        '    <testcase name="starts" classname="calls.json" time="2.000">',
        '      <error message="no server" type="connect">ENOENT</error>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty suite for no calls', () => {
    const report = junitReport('empty', [], 0, at);
    assert.match(report, /<testsuites name="tool-console" tests="0" failures="0" errors="0" time="0.000">/);
    assert.equal(parseJunit(report)[0]?.cases.length, 0);
  });

  it("keeps a server's text as text: a strict parser reads back exactly what was said", () => {
    const hostile = `</failure><testcase name="x"/> & 'q' "dq"\ttab\nline\rret`;
    const report = junitReport(
      hostile,
      [{ name: hostile, seconds: 0, problem: { kind: 'failure', type: hostile, message: hostile, details: hostile } }],
      0,
      at,
    );
    const [suite] = parseJunit(report);
    assert.equal(suite?.attributes.name, hostile);
    assert.deepEqual(suite?.cases, [
      { name: hostile, classname: hostile, failure: { message: hostile, type: hostile, text: hostile } },
    ]);
  });
});

describe('xml', () => {
  it('escapes every character that means something in XML, and every line break and tab', () => {
    assert.equal(xml(`a&b<c>d"e'f\tg\nh\ri&j<k`), 'a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;i&amp;j&lt;k');
    assert.equal(xml(`""''>>\t\t\n\n\r\r`), '&quot;&quot;&apos;&apos;&gt;&gt;&#9;&#9;&#10;&#10;&#13;&#13;');
  });

  it('turns every character XML 1.0 cannot carry into U+FFFD, and keeps every one it can', () => {
    const kept = ' ~\u00e9\uD7FF\uE000\uFFFD\u{10000}\u{1F642}\u{10FFFF}';
    assert.equal(xml(kept), kept);
    assert.equal(xml('a\u0000b\u0001c\u001Fd\u007F'), 'a\uFFFDb\uFFFDc\uFFFDd\u007F');
    assert.equal(xml('\uFFFE\uFFFF'), '\uFFFD\uFFFD');
    // A lone surrogate (half of a pair) is no character at all.
    assert.equal(xml('x\uD800y\uDFFFz'), 'x\uFFFDy\uFFFDz');
  });
});
