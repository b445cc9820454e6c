// Defines the views the detail pane shows for a resource, a template and a prompt (<resource-view>, <template-view>,
// <prompt-view>, written beside this section on branch i29-prompts), loaded with the section, not with the page.
// Until that branch is merged the elements are not defined here: the pane holds them undefined, with their properties
// set, and they upgrade when a page defines them.
export async function loadContentViews(): Promise<void> {}
