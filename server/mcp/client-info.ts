// How the bridge introduces itself in `initialize`: the package's name and version.
import { packageVersion } from '../package-version.js';

export const defaultClientInfo = { name: 'tool-console', version: packageVersion() };
