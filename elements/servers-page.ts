// The entry of the page a console serving many servers opens on (servers.html): the switcher alone. Each server's
// console loads in its own frame, from its own page, so this first load carries no <tool-console>.
import './server-switcher/server-switcher.js';
