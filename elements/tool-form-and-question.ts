// What <tool-console> loads on first use, when a tool is first opened: the form, and the dialog for the questions a
// call's server may ask. Questions only come during a call, which the form starts, so the two load as one piece:
// apart, the bundler splits the code they share into more chunks, which together weigh more than the dialog itself.
export { ToolForm } from './tool-form/tool-form.js';
export { ToolQuestion } from './tool-question/tool-question.js';
