// The entry of the all-in-one page the server serves: the console, which loads the tool view when it needs it.
import './tool-console/tool-console.js';
