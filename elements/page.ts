// The entry of the all-in-one page the server serves.
import './index.js';
