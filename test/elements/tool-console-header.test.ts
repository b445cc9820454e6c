// The selected tool's header in <tool-console>: its title (the tool's own, else its annotations' title, else its
// name), the name under a title that differs, and a description only when the tool has one.
import { expect } from '@open-wc/testing';
import type { ToolDetail } from '../../elements/api.js';
import { $, backend, cleanPage, openConsole, pick, text } from './tool-console.helpers.js';

// A server may leave out the description, whatever the type says.
const tool = (fields: Partial<ToolDetail>) =>
  ({
    name: 'fs_read',
    inputSchema: { type: 'object' },
    ...fields,
  }) as ToolDetail;

/** The header a console draws for `detail`: its heading, the name under it, and whether it has a description. */
async function headerOf(detail: ToolDetail) {
  backend([detail]);
  const el = await openConsole();
  await pick(el, detail.name);
  return {
    heading: text($(el, '[part=tool-header] h2')),
    name: text($(el, '[part=tool-header] code.name')),
    description: $(el, '[part=tool-header]')!.querySelector('tool-description')?.text,
  };
}

describe('<tool-console> tool header', () => {
  cleanPage();

  it("should head a tool by its title, with its name under it, over its annotations' title", async () => {
    const header = await headerOf(
      tool({ title: 'Read a file', annotations: { title: 'Annotated' }, description: 'Reads' }),
    );
    expect(header).to.deep.equal({ heading: 'Read a file', name: 'fs_read', description: 'Reads' });
  });

  it("should head a tool by its annotations' title when its own is empty or not text", async () => {
    for (const title of ['', 42]) {
      const header = await headerOf(tool({ title: title as string, annotations: { title: 'Annotated' } }));
      expect(header, JSON.stringify(title)).to.deep.equal({
        heading: 'Annotated',
        name: 'fs_read',
        description: undefined,
      });
    }
  });

  it('should head a tool without a title by its name alone, and show no empty description', async () => {
    for (const fields of [{}, { title: '', annotations: { title: '' } }, { description: '' }]) {
      const header = await headerOf(tool(fields));
      expect(header, JSON.stringify(fields)).to.deep.equal({
        heading: 'fs_read',
        name: undefined,
        description: undefined,
      });
    }
  });
});
