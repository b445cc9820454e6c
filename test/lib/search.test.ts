import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchIndexes, queryTerms, searchIndex } from '../../elements/tool-list/search.js';
import { WORK_TOOLS } from '../fixtures/work-tools.js';

const tools = [
  { name: 'get_weather', title: 'Weather', description: 'Forecast for a CITY' },
  { name: 'fs/read', description: 'Reads a file' },
  { name: 'Echo', title: 'Say it back', description: 'Echoes the text' },
];
const small = searchIndex(tools);

describe('search', () => {
  it('should match name, title and description case-insensitively', () => {
    assert.deepEqual(matchIndexes(small, 'WEATHER'), [0]);
    assert.deepEqual(matchIndexes(small, 'city'), [0]);
    assert.deepEqual(matchIndexes(small, 'say'), [2]);
    assert.deepEqual(matchIndexes(small, 'fs/'), [1]);
  });

  it('should require every word and match everything for an empty query', () => {
    assert.deepEqual(matchIndexes(small, 'echo text'), [2]);
    assert.deepEqual(matchIndexes(small, 'echo file'), []);
    assert.deepEqual(matchIndexes(small, '   '), [0, 1, 2]);
    assert.deepEqual(queryTerms('  A  b '), ['a', 'b']);
  });

  it('should not match across field boundaries', () => {
    assert.deepEqual(matchIndexes(small, 'weatherweather'), []);
  });

  it('should tolerate a description that is not a string', () => {
    const index = searchIndex([{ name: 'x', description: 42 as unknown as string }]);
    assert.deepEqual(index.keys, ['x\u0000\u0000']);
    assert.deepEqual(matchIndexes(index, '42'), []);
  });

  describe('ranking among 61 tools of a real-looking server', () => {
    const workKeys = searchIndex(WORK_TOOLS);
    const search = (query: string) => matchIndexes(workKeys, query).map((index) => WORK_TOOLS[index]!.name);

    it('should put the exact name first, then names starting with it, names containing it, titles, descriptions', () => {
      assert.deepEqual(search('work'), [
        'work',
        ...['work_items_search', 'worklog_get', 'workflow_dispatch', 'workspace_settings'],
        ...['list_workflows', 'get_workflow_run', 'cancel_workflow_run', 'list_workspaces', 'network_inspect'],
        ...['list_runs', 'get_job_logs'],
        ...['fetch_url', 'git_status', 'create_issue', 'run_tests'],
      ]);
    });

    it('should rank the same whatever the case of the query', () => {
      assert.deepEqual(search('  WORK '), search('work'));
      assert.deepEqual(search('Echo')[0], 'echo');
    });

    it('should keep the server order within a rank, and for an empty query', () => {
      const pullRequestTools = ['create_pull_request', 'get_pull_request', 'list_pull_requests', 'merge_pull_request'];
      assert.deepEqual(search('pull_request'), pullRequestTools);
      assert.deepEqual(
        search(''),
        WORK_TOOLS.map((tool) => tool.name),
      );
    });

    it('should rank a query of several words by its weakest word', () => {
      // Both words in the name beat "workflow" found only in a title; tools missing a word are left out.
      assert.deepEqual(search('workflow run'), ['get_workflow_run', 'cancel_workflow_run', 'list_runs']);
      assert.deepEqual(search('run workflow'), search('workflow run'));
    });
  });

  it('should treat a multi-word name typed out in full as an exact name', () => {
    const spaced = searchIndex([{ name: 'workflow run notes' }, { name: 'Run Workflow' }]);
    assert.deepEqual(matchIndexes(spaced, 'run   workflow'), [1, 0]);
  });

  it('should put the exact name before names that only start with it, and before a name of the same length', () => {
    const echoes = searchIndex([{ name: 'ping', description: 'Echo back' }, { name: 'echo_twice' }, { name: 'ECHO' }]);
    assert.deepEqual(matchIndexes(echoes, 'echo'), [2, 1, 0]);
    // Every word of the query is the exact name: the weakest word is still an exact name.
    assert.deepEqual(matchIndexes(echoes, 'echo Echo'), [2, 1, 0]);
  });

  it("should tell title from description when lowercasing changes a name's length", () => {
    // 'İ' lowercases to two UTF-16 units: field ends must be found in the lowercased key, not counted beforehand.
    const turkish = searchIndex([
      { name: 'İİİİ', description: 'zz' },
      { name: 'İİİİ2', title: 'zz' },
    ]);
    assert.deepEqual(matchIndexes(turkish, 'zz'), [1, 0]);
  });

  // How fast a keystroke is, in the browser, is the page bench's to measure (README, "Size and speed"); a timing
  // assertion here would flake in a parallel test run.
  it('should find every match among 10,000 tools, and only those', () => {
    const many = searchIndex(
      Array.from({ length: 10_000 }, (_, i) => ({ name: `ns${i % 50}/tool_${i}`, description: `Does thing ${i}` })),
    );
    const expected = Array.from({ length: 10_000 }, (_, i) => i).filter((i) => String(i).includes('99'));
    assert.deepEqual(matchIndexes(many, 'thing 99'), expected);
    assert.deepEqual(matchIndexes(many, 'NS7/ tool_9999'), []);
    assert.deepEqual(matchIndexes(many, 'ns49/ tool_9999'), [9999]);
  });
});
