// Reads a JUnit report with a real, strict XML parser (saxes: any well-formedness error throws), into the suites and
// cases a CI system would see.
import { SaxesParser } from 'saxes';

export interface JunitCase {
  name: string;
  classname: string;
  failure?: { message: string; type: string; text: string };
  error?: { message: string; type: string; text: string };
}

export interface JunitSuite {
  attributes: Record<string, string>;
  cases: JunitCase[];
}

export function parseJunit(xml: string): JunitSuite[] {
  const parser = new SaxesParser();
  const suites: JunitSuite[] = [];
  let current: JunitCase | undefined;
  let problem: { message: string; type: string; text: string } | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === 'testsuite') suites.push({ attributes, cases: [] });
    if (tag.name === 'testcase')
      suites.at(-1)!.cases.push((current = { name: attributes.name!, classname: attributes.classname! }));
    if (tag.name === 'failure' || tag.name === 'error') {
      problem = { message: attributes.message!, type: attributes.type!, text: '' };
      current![tag.name] = problem;
    }
  });
  parser.on('text', (text) => {
    if (problem) problem.text += text;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'failure' || tag.name === 'error') problem = undefined;
  });
  parser.write(xml).close();
  return suites;
}
