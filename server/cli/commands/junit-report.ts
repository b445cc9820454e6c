// A collection's outcome as JUnit XML, the report CI systems read: one <testsuite> for the file, one <testcase> per
// call, <failure> for a failed expectation or an isError answer, <error> for a call that could not be made. Every
// text is escaped, and characters XML 1.0 cannot carry at all become U+FFFD, so a server's answer can never break
// (or inject into) the report.

export interface CaseOutcome {
  name: string;
  /** Seconds. */
  seconds: number;
  /** `failure`: the call answered but did not satisfy; `error`: it could not be made. */
  problem?: { kind: 'failure' | 'error'; type: string; message: string; details: string };
}

export function junitReport(suite: string, cases: readonly CaseOutcome[], seconds: number, timestamp: Date): string {
  const failures = cases.filter((each) => each.problem?.kind === 'failure').length;
  const errors = cases.filter((each) => each.problem?.kind === 'error').length;
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tool-console" ${counts} time="${seconds.toFixed(3)}">`,
    `  <testsuite name="${xml(suite)}" ${counts} skipped="0" time="${seconds.toFixed(3)}" timestamp="${timestamp.toISOString()}">`,
    ...cases.map((each) => testcase(suite, each)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ];
  return lines.join('\n');
}

function testcase(suite: string, { name, seconds, problem }: CaseOutcome): string {
  const open = `    <testcase name="${xml(name)}" classname="${xml(suite)}" time="${seconds.toFixed(3)}"`;
  if (!problem) return `${open}/>`;
  const { kind, type, message, details } = problem;
  return `${open}>\n      <${kind} message="${xml(message)}" type="${xml(type)}">${xml(details)}</${kind}>\n    </testcase>`;
}

/** Text safe in XML content and in double- or single-quoted attributes. */
export function xml(text: string): string {
  return (
    text
      .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
      // Attribute values normalise raw line breaks and tabs to spaces: keep them as they were.
      .replaceAll('\n', '&#10;')
      .replaceAll('\r', '&#13;')
      .replaceAll('\t', '&#9;')
  );
}
