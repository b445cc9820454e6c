// The element modules, for bundlers; the CDN build bundles this file with lit. Importing it defines every element.
export * from './api.js';
export { CatalogApi } from './catalog-api.js';
export { CatalogList, type CatalogGroup, type CatalogItem } from './catalog-list/catalog-list.js';
export * from './events.js';
export { ToolAuthBar } from './tool-auth-bar/tool-auth-bar.js';
export { ToolConsole } from './tool-console/tool-console.js';
export { ToolDescription } from './tool-description/tool-description.js';
export { ToolForm, ToolQuestion } from './tool-form-and-question.js';
export { ToolList } from './tool-list/tool-list.js';
// The listbox <tool-list> and <catalog-list> extend (its module holds an element class, so the JSX types import it).
export { WindowedListbox } from './tool-list/windowed-listbox.js';
export { ToolResult } from './tool-result/tool-result.js';
export { SavedCalls } from './saved-calls/saved-calls.js';
export { ServerApi } from './server-api.js';
export { ServerDrawer } from './server-drawer/server-drawer.js';
export { ProtocolLog } from './protocol-log/protocol-log.js';
export { ServerNotifications } from './server-notifications/server-notifications.js';
export { ServerPanel } from './server-panel/server-panel.js';
export { PromptView } from './prompt-view/prompt-view.js';
export { ResourceView } from './resource-view/resource-view.js';
export { TemplateView } from './template-view/template-view.js';
// The class of the element <tool-console> loads on demand for tools with their own interface, as a type only:
// importing this file does not load it (it brings ext-apps' AppBridge).
export type { ToolApp } from './tool-app/tool-app.js';
// The server switcher, the page of a console serving many servers (servers.html), as a type only: a page that embeds
// consoles has no use for it, and the JSX types name it.
export type { ServerSwitcher } from './server-switcher/server-switcher.js';
