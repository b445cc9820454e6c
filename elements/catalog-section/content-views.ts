// Defines the views the detail pane shows for a resource, a template and a prompt (<resource-view>, <template-view>,
// <prompt-view>), loaded when the first one is picked, not with the sections' list.
export const loadContentViews = () =>
  Promise.all([
    import('../resource-view/resource-view.js'),
    import('../template-view/template-view.js'),
    import('../prompt-view/prompt-view.js'),
  ]);
